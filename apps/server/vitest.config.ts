import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract's pure modules (calendar, policies) are tested here too: one server-side run.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    // Needs HAProxy and the built server: npm run test:cluster (vitest.cluster.config.ts).
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two cores run two files at a time.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph instead of importing the
    // server afresh for each (that import was most of the suite's CPU time). The files share no
    // state that matters: each builds its own database, app and bus, and nothing is mocked.
    isolate: false,
  },
});
