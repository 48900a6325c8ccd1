import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process nobody has reaped yet (a zombie) still answers signal 0; it is not running.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

export interface Postmaster {
  pid: number;
  /** Undefined while the server is still starting and has not written it yet. */
  port: number | undefined;
}

/** The postmaster's process id (line 1) and port (line 4) from its lock file in `databaseDir`. */
export async function readPostmaster(databaseDir: string): Promise<Postmaster | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const port = Number(lines[3]);
  return { pid, port: Number.isInteger(port) && port > 0 ? port : undefined };
}
