import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '../src/db/connection';
import { isRunning } from '../src/db/postmaster';

/**
 * The real Atrium as a child process (`node --import tsx src/main.ts`) with its own embedded
 * PostgreSQL in a temporary DATA_DIR, for tests that kill things: the database under load, or
 * the server itself with SIGTERM.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface AtriumProcess {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** Every line the server wrote to stdout so far (pino JSON unless LOG_LEVEL is silent). */
  lines: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** The embedded PostgreSQL's postmaster, from its lock file. */
  postmasterPid(): number;
  /** A connection to Atrium's own database, for arranging data and checking what was written. */
  database(): Db;
  /** Stops whatever is still running and removes the data folder. */
  cleanUp(): Promise<void>;
}

export async function startAtrium(env: Record<string, string> = {}): Promise<AtriumProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-faults-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '0',
      WEB_DIST: '',
      TIMEZONE: 'UTC',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  const errors: string[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));

  const base = `http://127.0.0.1:${port}`;
  const started = Promise.race([
    (async () => {
      while (!lines.some((line) => line.includes('Atrium is running'))) {
        await Promise.race([once(child.stdout!, 'data'), exited]);
        if (child.exitCode !== null) break;
      }
    })(),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('Atrium did not start in 90 s')), 90_000).unref(),
    ),
  ]);
  await started;
  if (child.exitCode !== null) throw new Error(`Atrium exited at start: ${errors.join('')}`);

  const databaseDir = path.join(dataDir, 'pg');
  const postmasterPid = () =>
    Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let db: Db | undefined;
  return {
    child,
    base,
    dataDir,
    lines,
    exited,
    postmasterPid,
    database() {
      if (db) return db;
      const lock = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
      const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      db = createDb(`postgres://atrium:${encodeURIComponent(password)}@127.0.0.1:${lock[3]}/atrium`, 2);
      return db;
    },
    async cleanUp() {
      await db?.destroy().catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const done = await Promise.race([
          exited.then(() => true),
          new Promise((r) => setTimeout(r, 20_000, false)),
        ]);
        if (!done) child.kill('SIGKILL');
      }
      // Atrium stops its PostgreSQL on exit; if it could not (it was killed), stop it here.
      const lockFile = path.join(databaseDir, 'postmaster.pid');
      if (existsSync(lockFile)) {
        const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
        if (pid > 0 && isRunning(pid)) process.kill(pid, 'SIGQUIT');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
