/**
 * Runs one benchmark by name: npm run bench -- ingest (default: login).
 * Each prints its figures beside a baseline measured in the same run.
 */
const benchmarks = ['login', 'ingest'];
const chosen = process.argv[2] ?? 'login';
if (!benchmarks.includes(chosen)) {
  console.error(`Unknown benchmark "${chosen}". Choose one of: ${benchmarks.join(', ')}`);
  process.exit(2);
}
await import(`./${chosen}.bench.ts`);

export {};
