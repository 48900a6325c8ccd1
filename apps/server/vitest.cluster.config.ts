import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: built processes behind HAProxy (test/cluster), apart from the server suite. */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
