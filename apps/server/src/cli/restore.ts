import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreIntoDataDir } from '../db/restore-data-dir';
import { count, interruption, operatorPath, progressPrinter, seconds } from './progress';

const usage = `Usage: npm run restore -- <backup file> [--force]
Loads a backup from npm run backup as the embedded database in DATA_DIR, with Atrium stopped.
--force replaces a database that is already there (it is kept in DATA_DIR/replaced-<time>).`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.info(usage);
  if (positionals.length !== 1) throw new Error(`Give one backup file.\n${usage}`);
  const file = operatorPath(positionals[0]!);
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'npm run restore loads into the embedded database in DATA_DIR; unset DATABASE_URL. For an external PostgreSQL, use its own tools (pg_dump and pg_restore).',
    );
  }
  const started = Date.now();
  const result = await restoreIntoDataDir(config.dataDir, file, {
    force: values.force,
    onProgress: progressPrinter('Restoring'),
    onStep: (step) => console.info(`${step}…`),
    signal: interruption(),
  });
  console.info(
    `Restored ${result.tables} tables, ${count(result.rows)} rows (${result.migrations} migrations; backup of ${result.manifest.createdAt} by Atrium ${result.manifest.atriumVersion}) into ${config.dataDir} in ${seconds(started)}. Start Atrium to use it.`,
  );
  if (result.replacedTo) {
    console.info(
      `The database that was there is kept in ${result.replacedTo}; delete it once you no longer need it.`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
