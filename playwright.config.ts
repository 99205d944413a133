import { defineConfig } from '@playwright/test';

/** Browser flows in Debian's Chromium against the built app on a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT || 3300);
const DATA_DIR = process.env.E2E_DATA_DIR || 'test-results/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    // axe is injected as an inline script, which the app's CSP (rightly) refuses.
    bypassCSP: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && DATA_DIR=${DATA_DIR} PORT=${PORT} HOST=127.0.0.1 LOG_LEVEL=warn OUTBOX_POLL_MS=1000 npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/auth/session`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { DATABASE_URL: '', SMTP_URL: '' },
  },
});
