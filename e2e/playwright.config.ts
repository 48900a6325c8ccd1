import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './support/env';

/**
 * Runs the built product (`npm run build` first) with its embedded database and demo data in a
 * fresh folder, in Debian's Chromium. The journeys share one demo organisation whose data they
 * change, so they run one after another on one worker. The accessibility sweep only reads: it is
 * its own project, spread over the second worker (and over both once the journeys are done).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // A run on a port of its own (E2E_PORT) keeps its own artifacts: each run empties its folder.
  outputDir: process.env.E2E_PORT ? `../test-results/port-${E2E_PORT}` : '../test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'a11y',
      testMatch: 'a11y.spec.ts',
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'desktop',
      testIgnore: 'a11y.spec.ts',
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
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
      // The demo's own identity provider, for the single sign-on journey (sso.spec.ts).
      DEMO_SSO: '1',
      LOG_LEVEL: 'warn',
      // Short recording segments, so playback and clips have something recorded within seconds.
      VIDEO_SEGMENT_SECONDS: '4',
      TZ: process.env.TZ ?? 'UTC',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
