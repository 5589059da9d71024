// Vite builds the React Router app; the Fastify server (server/) embeds it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** `BUNDLE_REPORT=1 npm run build`: each client chunk's modules and their rendered sizes, largest first. */
const bundleReport: Plugin = {
  name: 'phim-bundle-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    if (!process.env.BUNDLE_REPORT || this.environment.name !== 'client') return;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const modules = Object.entries(chunk.modules)
        .map(([id, info]) => [info.renderedLength, id.replace(process.cwd(), '')] as const)
        .sort((a, b) => b[0] - a[0]);
      console.log(`\n${chunk.fileName} ${chunk.code.length} bytes`);
      for (const [size, id] of modules.slice(0, Number(process.env.BUNDLE_REPORT) || 40))
        console.log(`  ${size} ${id}`);
    }
  },
};

// react-router's package maps every condition (Node's included) to its development build, whose only difference is
// its development warnings and checks. A production build takes its production build instead, in the browser and in
// the server build, which bundles it (so that Node's resolution cannot pick the development one) and hands its
// createRequestHandler to the server (app/entry.server.tsx, server/web/react-router.ts): one copy for both.
// scripts/build-server.ts fails the build if a development copy is left in it (decision 057).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command, mode }) => ({
  plugins: [tailwindcss(), reactRouter(), bundleReport],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Fewer, larger files for what every page loads: left to itself the bundler made about fifty modules
        // for a watch page, most under 1 KB (one per icon, one per small component), and a browser fetches them
        // six at a time over HTTP/1.1 before it can hydrate (bench/playback.ts).
        codeSplitting: {
          groups: [
            {
              // The player's early start and what it needs (hls.js, hls-video-element), one file with no imports
              // from the others: the watch page's inline script imports it before the app (decision 020). The
              // watch route imports it statically (early-start.ts), so React Router's manifest lists it, and
              // app/components/player/boot-url.ts finds it there by this name.
              name: 'player-boot',
              test: /node_modules[\\/](hls\.js|hls-video-element|custom-media-element|media-tracks)[\\/]|app[\\/]components[\\/]player[\\/](boot\.client|media-element\.client|early-start|hls-config|player-preferences)\.ts/,
              priority: 3,
            },
            {
              // Live updates (app/lib/realtime.ts imports it when something first listens): a name of its own, which
              // the JavaScript budgets find it by (scripts/budgets.ts).
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/,
              priority: 2,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|clsx|tailwind-merge|class-variance-authority|lucide-react)[\\/]/,
              priority: 2,
            },
            {
              name: 'shared',
              // Not the back office's tooltip: with it came Radix's popper and floating-ui, which no public page
              // needs (decision 056).
              test: /app[\\/](components[\\/]ui[\\/](?!tooltip)|lib[\\/])/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
  resolve: {
    alias: [
      // hls-video-element imports the full hls.js; the light build (no HLS subtitle or alternate audio renditions,
      // no DRM) plays our ladders, and captions come from <track> elements. About 70 KB less (gzip) to download,
      // parse and compile before the first frame.
      { find: 'hls.js/dist/hls.mjs', replacement: 'hls.js/dist/hls.light.mjs' },
      ...(command === 'build' && mode === 'production' ? reactRouterProduction : []),
    ],
  },
  // The server build takes in every package except those the server shares with it (React, i18next, zod): React
  // Router's production build (above), and the browser's libraries (icons, Radix, toasts, tables), of which it
  // keeps only what the pages use, where Node loaded lucide-react's every icon and radix-ui's every primitive from
  // node_modules at each start (decision 057).
  ssr:
    command === 'build' && mode === 'production'
      ? { noExternal: true, external: ['react', 'react-dom', 'i18next', 'react-i18next', 'zod'] }
      : undefined,
  // Pre-bundled up front: a dependency Vite discovers late (the player's, on the first watch page) would reload
  // that dev page.
  optimizeDeps: {
    include: [
      'sonner',
      'i18next',
      'react-i18next',
      'lucide-react',
      'media-chrome',
      'media-chrome/menu',
      'hls-video-element',
    ],
  },
}));
