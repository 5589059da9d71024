// Browser tests on Debian's Chromium against the production build, served by tests/e2e/server.ts.
// `npm run build` comes first (npm test does it); this file never builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER_USER_AGENT, CHROMIUM_ARGS, chromiumPath } from './tests/chromium.ts';

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
    userAgent: BROWSER_USER_AGENT,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
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
