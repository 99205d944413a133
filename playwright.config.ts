import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './src/build/chromium-flags';

/**
 * Browser flows in Debian's Chromium against the built app (`vite build` first). Each spec file
 * gets its own server on a fresh copy of the demo church (on the PostgreSQL server of DATABASE_URL
 * when it is set, tests/e2e/flow-database.ts), started by tests/e2e/fixtures.ts on
 * E2E_PORT + 200 x the worker's index with its data under E2E_DATA_DIR. Workers share nothing
 * but the machine, so two of them (E2E_WORKERS) run two files at once on its two cores.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Seeds the demo church once; each spec file's server starts on a copy (fixtures.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  // Bounds for a stuck flow, not waits: every step waits for its condition. On a machine running at
  // half speed under both workers (load 12 on two cores) long flows took over 60 s and a
  // single step several seconds, so the bounds leave room for that.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results/e2e',
  use: {
    viewport: { width: 1280, height: 800 },
    // A retried flow (CI=1 retries once) records its trace: each step's DOM, network and screencast.
    // Tracing every first run as well cost the two cores a twelfth of the run; a first failure keeps
    // its screenshot and error.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
