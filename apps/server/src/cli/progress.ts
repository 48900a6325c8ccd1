import path from 'node:path';
import type { Progress } from '../db/backup-archive';

const number = new Intl.NumberFormat('en');
export const count = (n: number) => number.format(n);

/**
 * Prints where a long backup or restore is, at most every `everyMs`: a short one prints only
 * its summary line, a long one a line every few seconds (readable in a log as on a terminal).
 */
export function progressPrinter(verb: string, everyMs = 2000): (progress: Progress) => void {
  let last: number | undefined;
  return ({ table, tablesDone, tablesTotal, rows }) => {
    const now = Date.now();
    last ??= now;
    if (now - last < everyMs) return;
    last = now;
    console.info(`${verb}: ${tablesDone}/${tablesTotal} tables, ${count(rows)} rows (at ${table})`);
  };
}

/** Relative paths are the operator's: npm runs scripts from the repository's root. */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Ctrl-C or SIGTERM ends the work cleanly: the database is stopped and no partial file stays. */
export function interruption(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
