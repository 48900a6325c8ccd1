import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract's pure modules (calendar, policies) are tested here too: one server-side run.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two cores run two files at a time.
    maxWorkers: 2,
  },
});
