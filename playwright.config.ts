// Browser tests on Debian's Chromium against the production build, served by tests/e2e/server.ts.
// `npm run build` comes first (npm test does it); this file never builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}
const port = Number(process.env.PHIM_E2E_PORT ?? 4173);
// One throw-away data folder shared by the server and the tests (they read the mail it writes). The config is
// evaluated again in each worker; the environment it inherits keeps the same folder.
process.env.PHIM_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'phim-e2e-'));
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    // Headless Chromium announces itself as HeadlessChrome, which isbot treats as a crawler: crawlers get
    // the HTML without scripts. The tests are a person's browser, so they say so.
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // node --import tsx rather than npx tsx: one process less between Playwright's SIGTERM and the server.
    command: 'node --import tsx tests/e2e/server.ts',
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), PHIM_E2E_DATA_DIR: process.env.PHIM_E2E_DATA_DIR },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
