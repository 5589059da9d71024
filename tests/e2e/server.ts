// Runs the production server on a throw-away data folder for the browser tests, and removes it afterwards.
// Usage: node --import tsx tests/e2e/server.ts (PORT, else PHIM_E2E_PORT, else 4173). Needs `npm run build`:
// the browser tests run the server as `npm start` does, bundled (build/phim/main.js), not from its sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN } from './admin-account.ts';

const port = process.env.PORT || process.env.PHIM_E2E_PORT || '4173';
// Playwright's config makes the folder (the tests read mail from it); run alone, the server makes its own.
const dataDir =
  process.env.PHIM_E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'phim-e2e-'));
// The embedded PostgreSQL runs as a `postgres` user when we are root: it must reach its folder.
fs.chmodSync(dataDir, 0o755);

let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['build/phim/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    // Set (or emptied) here so that a developer's .env cannot point the tests elsewhere:
    // main.ts reads .env, but variables already in the environment win and '' counts as unset.
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    STORAGE_DRIVER: 'local',
    SMTP_URL: '',
    AUTH_SECRET: '',
    DEFAULT_LOCALE: 'vi',
    SITE_NAME: 'Phim',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // The browser tests sign many people up from one address; the API tests check the default limit.
    AUTH_RATE_LIMIT: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
});

// Playwright stops the web server with SIGTERM (to the whole process group); Ctrl-C sends SIGINT.
// The server shuts its PostgreSQL down itself; a second signal is ignored by it while it stops.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`Could not start the Phim server: ${error.message}`);
  removeDataDir();
  process.exit(1);
});
child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1));
});
process.on('exit', removeDataDir);
