// After `react-router build`: bundles the server (server/main.ts and all it imports from server/ and shared/) into
// build/phim/, so that `npm start` runs plain JavaScript with `node`: no TypeScript compiled at each start and no
// tsx loader process. Code splitting keeps the dynamic imports of main.ts lazy, so that it settles NODE_ENV before
// React is first imported. Packages stay imports from node_modules, but for the pure-ESM ones listed in INLINE
// (hundreds of small modules each, whose resolving and loading was most of the start-up): packages that find
// their own files beside them (__dirname: pino's workers, socket.io's client, sharp's binary) cannot move (decision 039).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const INLINE = [
  'zod',
  'better-auth',
  '@better-auth/*',
  'better-call',
  'kysely',
  'drizzle-orm',
  'jose',
  '@noble/*',
  'fastify-type-provider-zod',
  'rou3',
  'defu',
  'nanostores',
  '@standard-schema/*',
];
const inlined = (specifier: string) =>
  INLINE.some((name) =>
    name.endsWith('/*')
      ? specifier.startsWith(name.slice(0, -1))
      : specifier === name || specifier.startsWith(`${name}/`),
  );

const outdir = path.resolve('build/phim');
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: 'server/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  plugins: [
    {
      name: 'packages-external-but-inlined',
      setup(builder) {
        // A bare specifier (not ./, /, #) names a package.
        builder.onResolve({ filter: /^[^./#]/ }, ({ path: specifier }) =>
          inlined(specifier) ? undefined : { path: specifier, external: true },
        );
      },
    },
  ],
  sourcemap: 'linked',
  // Chunk names without hashes keep stack traces readable; the folder is rebuilt whole each time.
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server bundle: ${path.relative('.', outdir)}/main.js (${(bytes / 1024).toFixed(0)} KB of JavaScript)`,
);
