import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env';

/**
 * Runs the built product (`npm run build` first) with its embedded database and demo data in a
 * fresh folder, in Debian's Chromium. One worker: the suite shares one demo organisation.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node apps/server/dist/main.js`,
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      TZ: process.env.TZ ?? 'UTC',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
