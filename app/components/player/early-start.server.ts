// A watch page whose player starts early keeps the app's modules back until that start is done with the CPU and the
// network (decision 020): on two cores, fetching and compiling them beside hls.js and the first segment put the first
// frame back by a third. The page's inline script (early-start.ts) lets them go. Every other page keeps them back
// until it has painted its hero (decision 059), with an inline script of its own at the end of <body>.
import { DEFERRED_APP_TYPE, paintFirstScript } from './early-start.ts';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The rendered page with React Router's `<Scripts>` held back: its module script gets a type the browser does not
 * run, and its module preloads move out of <head> into that script's `data-preloads` (the early start's own preload
 * stays, React Router's second link to the same chunk goes). A page with the early start (`bootUrl` imported) is
 * let go by it; any other, with `paintFirst`, by `paintFirstScript` after it. Unchanged without either
 * (development), without scripts (crawlers), or when the output is not the shape expected (a React Router
 * upgrade): the app then loads at once.
 */
export function holdAppScripts(
  page: Buffer<ArrayBuffer>,
  options: { bootUrl: string; entryModule: string; paintFirst: boolean },
): Buffer<ArrayBuffer> {
  const { bootUrl, entryModule } = options;
  const earlyStart = Boolean(bootUrl) && page.includes(`import(${JSON.stringify(bootUrl)})`);
  if (!earlyStart && !options.paintFirst) return page;
  // Only two small parts of the page are read as text: the module script, which closes <body>, and <head>, where
  // React hoists the module preloads. A home page is about 400 KB: decoding, scanning and encoding all of it took
  // about 4 ms of its render.
  const entryImport = page.lastIndexOf(`import(${JSON.stringify(entryModule)});</script>`);
  const start = entryImport < 0 ? -1 : page.lastIndexOf('<script ', entryImport);
  const headEnd = page.indexOf('</head>');
  if (start < 0 || headEnd < 0 || headEnd > start) return page;
  const end = page.indexOf('</script>', entryImport) + '</script>'.length;
  const script =
    /^<script nonce="([^"]*)" type="module" async="">((?:(?!<\/script>)[\s\S])*)<\/script>$/.exec(
      page.toString('utf8', start, end),
    );
  if (!script) return page;
  const preloads: string[] = [];
  const head = page
    .toString('utf8', 0, headEnd)
    .replace(
      /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g,
      (_link, href: string) => {
        // The early start preloads its chunk itself, at high priority (player.tsx): React Router's link just goes.
        if (!earlyStart || href !== bootUrl) preloads.push(href);
        return '';
      },
    );
  const [, nonce, body] = script;
  const held =
    `<script nonce="${nonce}" type="${DEFERRED_APP_TYPE}" data-preloads="${escapeAttribute(JSON.stringify(preloads))}">${body}</script>` +
    (earlyStart ? '' : `<script nonce="${nonce}">${paintFirstScript}</script>`);
  return Buffer.concat([
    Buffer.from(head),
    page.subarray(headEnd, start),
    Buffer.from(held),
    page.subarray(end),
  ]);
}
