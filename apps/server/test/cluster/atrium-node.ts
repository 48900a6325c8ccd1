import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const builtServer = path.join(repoRoot, 'apps/server/dist/main.js');
export const builtCreateAdmin = path.join(repoRoot, 'apps/server/dist/create-admin.js');

export function requireBuiltServer(): void {
  if (!existsSync(builtServer) || !existsSync(builtCreateAdmin))
    throw new Error(`${builtServer} is missing: run npm run build -w @atrium/server first`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One built Atrium (`node apps/server/dist/main.js`) on a fixed port, so it can be stopped and
 * started again where the balancer expects it.
 */
export class AtriumNode {
  readonly base: string;
  private child: ChildProcess | undefined;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** Everything every run of this node wrote, for the report when a test fails. */
  readonly log: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it listens (it listens only when ready to serve). */
  async start(timeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, [builtServer], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const record = (chunk: Buffer) =>
      this.log.push(`[${this.name} ${child.pid}] ${chunk.toString().trimEnd()}`);
    child.stdout!.on('data', record);
    child.stderr!.on('data', record);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running()) throw new Error(`${this.name} exited at start:\n${this.log.join('\n')}`);
      const up = await fetch(`${this.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await sleep(100);
    }
    throw new Error(`${this.name} did not answer its health check in ${timeoutMs} ms`);
  }

  /** SIGTERM, as a service manager stops it; resolves with the exit code. */
  async stop(timeoutMs = 30_000): Promise<number | null> {
    if (!this.running()) return this.child?.exitCode ?? null;
    this.child!.kill('SIGTERM');
    const code = await Promise.race([this.exited, sleep(timeoutMs).then(() => 'timeout' as const)]);
    if (code !== 'timeout') return code;
    this.child!.kill('SIGKILL');
    throw new Error(`${this.name} did not stop within ${timeoutMs} ms of SIGTERM`);
  }

  /** The last resort of a cleanup: no handler runs. */
  kill(): void {
    if (this.running()) this.child!.kill('SIGKILL');
  }
}
