import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { buildOpenApiDocument } from '../http/openapi';

const usage = `Usage: npm run lint:api            lint the OpenAPI document with Redocly's recommended rules
       npm run openapi -- <file>     write the OpenAPI document to a file
The document is built from the contract alone (no database), exactly as /api/openapi.json serves it.
The lint fails on any error, or on more than ${10} warnings.`;

/** Redocly's recommended rules allow this many warnings (the bar); errors, none. */
const MAX_WARNINGS = 10;

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
}

/** Runs `redocly lint --extends=recommended` on the document; answers its totals and problems. */
async function lint(file: string): Promise<LintReport> {
  const run = promisify(execFile);
  const args = ['lint', '--extends=recommended', '--format=json', file];
  // Redocly exits 1 when it finds errors; its JSON report on stdout is what counts either way.
  const { stdout } = await run('redocly', args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly printed no report:\n${stdout}`);
  return JSON.parse(stdout.slice(start)) as LintReport;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' }, lint: { type: 'boolean' } },
  });
  if (values.help) return console.info(usage);
  const text = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
  if (!values.lint) {
    if (positionals.length !== 1) throw new Error(usage);
    await writeFile(positionals[0] ?? '', text);
    return;
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'atrium-openapi-'));
  try {
    const file = path.join(folder, 'openapi.json');
    await writeFile(file, text);
    const report = await lint(file);
    for (const p of report.problems)
      console.info(`${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
    const { errors, warnings } = report.totals;
    console.info(`Redocly recommended: ${errors} errors, ${warnings} warnings (at most ${MAX_WARNINGS}).`);
    if (errors > 0 || warnings > MAX_WARNINGS) process.exitCode = 1;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
