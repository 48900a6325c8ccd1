import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A guardian for the embedded PostgreSQL, so that not even a crash of Atrium (SIGKILL, an OOM
 * kill) leaves it running. PostgreSQL runs in its own session and cannot notice its parent
 * dying, and a killed process runs no handler; so a small detached Node process holds a pipe from
 * Atrium, and when the pipe closes without the word "done" (Atrium is gone), it stops the server.
 * On a normal stop Atrium says "done" and stops PostgreSQL itself.
 */
const GUARD = `
let said = '';
process.stdin.on('data', (chunk) => { said += chunk; });
process.stdin.on('close', () => {
  if (said.includes('done')) process.exit(0);
  const [pgCtl, dir, uid, gid] = process.argv.slice(1);
  const as = uid === '' ? {} : { uid: Number(uid), gid: Number(gid) };
  require('node:child_process').spawnSync(pgCtl, ['-D', dir, 'stop', '-m', 'fast', '-w'], { ...as, stdio: 'ignore' });
  process.exit(0);
});
`;

export interface Reaper {
  /** Atrium stops PostgreSQL itself: the guardian goes without touching it. */
  release(): void;
}

export function guardPostgres(
  pgCtl: string,
  databaseDir: string,
  as: { uid?: number; gid?: number },
): Reaper {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', GUARD, pgCtl, databaseDir, String(as.uid ?? ''), String(as.gid ?? '')],
    // Detached: a Ctrl-C aimed at Atrium's process group does not take the guardian with it.
    { detached: true, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  child.unref();
  // The pipe must not keep Atrium's event loop alive either.
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  child.stdin?.on('error', () => {});
  return {
    release() {
      child.stdin?.end('done');
    },
  };
}
