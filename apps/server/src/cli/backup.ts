import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import serverPackage from '../../package.json' with { type: 'json' };
import { loadConfig } from '../config';
import { backupDatabase } from '../db/backup';
import { openDataDirDatabase } from '../db/data-dir';
import { count, interruption, operatorPath, progressPrinter, seconds } from './progress';

const usage = `Usage: npm run backup -- [file or folder]
Writes a backup of Atrium's database while Atrium runs (or not): the embedded database in DATA_DIR,
or the one at DATABASE_URL. Without a file, it writes atrium-backup-<time>.gz in the current folder.`;

/** A new file's path: the one given, or a dated name in the folder given. */
function destination(given: string | undefined): string {
  const target = operatorPath(given ?? '.');
  if (existsSync(target) && statSync(target).isDirectory()) {
    const time = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
    return path.join(target, `atrium-backup-${time}Z.gz`);
  }
  if (existsSync(target)) throw new Error(`${target} already exists; give a new file name or a folder.`);
  return target;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help) return console.info(usage);
  if (positionals.length > 1) throw new Error(`Give at most one file or folder.\n${usage}`);
  const file = destination(positionals[0]);
  const config = loadConfig();
  const started = Date.now();
  const source = config.databaseUrl
    ? { url: config.databaseUrl, running: true, close: async () => {} }
    : await openDataDirDatabase(config.dataDir);
  const from = config.databaseUrl
    ? 'DATABASE_URL'
    : `${config.dataDir}${source.running ? ' (Atrium running)' : ''}`;
  try {
    const result = await backupDatabase(source.url, file, {
      atriumVersion: serverPackage.version,
      onProgress: progressPrinter('Backing up'),
      signal: interruption(),
    });
    console.info(
      `Backed up ${result.tables} tables, ${count(result.rows)} rows (${result.migrations} migrations) from ${from} to ${file} (${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds(started)}.`,
    );
  } finally {
    await source.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
