/**
 * Runs one benchmark by name: npm run bench -- login | ingest | reads | report-load | exports |
 * burst | video-latency | event-log | device-sync, or builds the large data set they are measured on: npm run bench -- generate
 * --people 50000.
 * Each benchmark prints its figures beside a baseline measured in the same run.
 */
const scripts: Record<string, string> = {
  login: './login.bench.ts',
  ingest: './ingest.bench.ts',
  reads: './reads.bench.ts',
  'report-load': './report-load.bench.ts',
  burst: './burst.ts',
  exports: './exports.bench.ts',
  'video-latency': './video-latency.bench.ts',
  'event-log': './event-log.bench.ts',
  'device-sync': './device-sync.bench.ts',
  generate: './generate.ts',
};
const chosen = process.argv[2] ?? 'login';
const script = scripts[chosen];
if (!script) {
  console.error(`Unknown benchmark "${chosen}". Choose one of: ${Object.keys(scripts).join(', ')}`);
  process.exit(2);
}
await import(script);

export {};
