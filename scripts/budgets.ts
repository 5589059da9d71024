// The JavaScript budgets of issue 21: each page's scripts, worked out from the client build (React Router's manifest
// and the `.br` files scripts/compress-assets.ts writes), at the size a browser receives them (brotli). Used by
// scripts/check-budgets.ts (a build step), bench/pages.ts (beside a real browser's figure) and the tests.
import fs from 'node:fs';
import path from 'node:path';

export type PageBudget = {
  /** As the tables print it. */
  name: string;
  /** React Router route ids, innermost last; their layouts and root are added from the manifest. */
  route: string;
  /** KB (1,024 bytes) of brotli'd JavaScript the page may send. */
  budget: number;
  /**
   * Chunks the page imports on its own once it has loaded, without anyone pressing anything, by the start of their
   * file name: the watch page's player controls (decision 035), the back office's live updates (socket.io).
   */
  background?: string[];
};

/** Home ≤ 150 KB, watch ≤ 300 KB, back-office list screens ≤ 250 KB (issue 21); the other public pages as home. */
export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'home', route: 'routes/home', budget: 150 },
  { name: 'movies', route: 'routes/movies', budget: 150 },
  { name: 'movie page', route: 'routes/watch/movie', budget: 150 },
  {
    name: 'watch page',
    route: 'routes/watch/episode',
    budget: 300,
    background: ['player-media.client-'],
  },
  {
    name: 'back office: movies',
    route: 'routes/vnwa/movies',
    budget: 250,
    background: ['socket-'],
  },
  {
    name: 'back office: videos',
    route: 'routes/vnwa/videos',
    budget: 250,
    background: ['socket-'],
  },
  {
    name: 'back office: users',
    route: 'routes/vnwa/users',
    budget: 250,
    background: ['socket-'],
  },
];

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
export type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  /** Where the file is served: every page loads it (decision 063). */
  url: string;
};

/**
 * React Router's browser manifest (`assets/manifest-<hash>.js`) of a client build; the newest if there are several.
 * Every page loads it: the app knows all its routes from the start (decision 063).
 */
export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs
    .readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, time: fs.statSync(path.join(assets, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)[0]?.name;
  if (!file) throw new Error(`No React Router manifest in ${assets}: run \`npm run build\` first.`);
  const source = fs.readFileSync(path.join(assets, file), 'utf8').trim();
  const json = /^window\.__reactRouterManifest\s*=\s*(\{[\s\S]*\});?$/.exec(source)?.[1];
  if (!json) throw new Error(`${file} is not the shape expected of React Router's manifest.`);
  return { ...(JSON.parse(json) as Omit<ClientManifest, 'url'>), url: `/assets/${file}` };
}

/** The relative static imports written in a built chunk (`import … from"./x.js"`), as site paths. */
function staticImports(code: string, url: string) {
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  return [...code.matchAll(/\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (match) => base + match[1],
  );
}

export type PageScript = { url: string; bytes: number };

/** Bytes of a built file as served: its `.br` when compress-assets wrote one (files over 1 KB), else itself. */
export function servedBytes(clientDir: string, url: string) {
  const file = path.join(clientDir, ...url.split('/'));
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

/**
 * The scripts a page loads: the routes' manifest, the entry and what it imports, then each route from root down to the
 * page (module and its imports), then the background chunks and their own static imports.
 */
export function pageScripts(
  clientDir: string,
  manifest: ClientManifest,
  page: PageBudget,
): PageScript[] {
  const route = manifest.routes[page.route];
  if (!route) throw new Error(`No route ${page.route} in the client manifest.`);
  const chain: ManifestRoute[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = manifest.routes[at.parentId ?? ''])
    chain.unshift(at);
  const urls = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const step of chain) for (const url of [step.module, ...(step.imports ?? [])]) urls.add(url);
  const assets = fs.readdirSync(path.join(clientDir, 'assets'));
  const pending = (page.background ?? []).flatMap((prefix) =>
    assets
      .filter((name) => name.startsWith(prefix) && name.endsWith('.js'))
      .map((name) => `/assets/${name}`),
  );
  while (pending.length) {
    const url = pending.pop()!;
    if (urls.has(url)) continue;
    urls.add(url);
    pending.push(...staticImports(fs.readFileSync(path.join(clientDir, url), 'utf8'), url));
  }
  return [...urls]
    .map((url) => ({ url, bytes: servedBytes(clientDir, url) }))
    .sort((a, b) => b.bytes - a.bytes);
}

export const kilobytes = (bytes: number) => bytes / 1024;

export type BudgetRow = PageBudget & { bytes: number; scripts: PageScript[]; over: boolean };

/** Every page's total against its budget; `budgets` overrides some (KB by page name). */
export function checkBudgets(clientDir: string, budgets: Record<string, number> = {}): BudgetRow[] {
  const manifest = readClientManifest(clientDir);
  return PAGE_BUDGETS.map((page) => {
    const budget = budgets[page.name] ?? page.budget;
    const scripts = pageScripts(clientDir, manifest, page);
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    return { ...page, budget, scripts, bytes, over: kilobytes(bytes) > budget };
  });
}
