import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** A second, private Atrium for tests that must stop the server under a browser's feet. */
export async function startServer(port: number, dataDir: string): Promise<RunningServer> {
  await rm(path.join(root, dataDir), { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server on port ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(path.join(root, dataDir), { recursive: true, force: true });
    },
  };
}
