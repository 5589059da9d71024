// A watch page whose player starts early keeps the app's modules back until that start is done with the CPU and the
// network (decision 020): on two cores, fetching and compiling them beside hls.js and the first segment put the first
// frame back by a third. The page's inline script (early-start.ts) lets them go. Every other page keeps them back
// until it has painted its hero (decision 059), with an inline script of its own at the end of <body>.
import { DEFERRED_APP_TYPE, paintFirstScript } from './early-start.ts';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The rendered page with React Router's `<Scripts>` held back: its module script gets a type the browser does not
 * run, and its module preloads move out of <head> into that script's `data-preloads` (the early start's own preload
 * stays). A page with the early start (`bootUrl` imported) is let go by it; any other, with `paintFirst`, by
 * `paintFirstScript` after it. Unchanged without either (development), without scripts (crawlers), or when the
 * output is not the shape expected (a React Router upgrade): the app then loads at once.
 */
export function holdAppScripts(
  page: Buffer<ArrayBuffer>,
  options: { bootUrl: string; entryModule: string; paintFirst: boolean },
): Buffer<ArrayBuffer> {
  const { bootUrl, entryModule } = options;
  const earlyStart = Boolean(bootUrl) && page.includes(`import(${JSON.stringify(bootUrl)})`);
  if (!earlyStart && !options.paintFirst) return page;
  const html = page.toString('utf8');
  const script = new RegExp(
    `<script nonce="([^"]*)" type="module" async="">((?:(?!</script>)[\\s\\S])*import\\(${escapeRegExp(JSON.stringify(entryModule))}\\);)</script>`,
  ).exec(html);
  if (!script) return page;
  const preloads: string[] = [];
  const head = html
    .slice(0, script.index)
    .replace(
      /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g,
      (link, href: string) => {
        if (earlyStart && href === bootUrl) return link;
        preloads.push(href);
        return '';
      },
    );
  const [whole, nonce, body] = script;
  const held =
    `<script nonce="${nonce}" type="${DEFERRED_APP_TYPE}" data-preloads="${escapeAttribute(JSON.stringify(preloads))}">${body}</script>` +
    (earlyStart ? '' : `<script nonce="${nonce}">${paintFirstScript}</script>`);
  return Buffer.from(head + held + html.slice(script.index + whole.length));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
