// A watch page whose player starts early keeps the app's modules back until that start is done with the CPU and the
// network (decision 020): on two cores, fetching and compiling them beside hls.js and the first segment put the first
// frame back by a third. The page's inline script (early-start.ts) lets them go.
import { DEFERRED_APP_TYPE } from './early-start.ts';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The rendered page with React Router's `<Scripts>` held back: its module script gets a type the browser does not
 * run, and its module preloads move out of <head> into that script's `data-preloads` (the early start's own preload
 * stays). Unchanged when the page has no early start (`bootUrl` not imported: other pages, crawlers) or its output
 * is not the shape expected (a React Router upgrade): the app then loads at once, as on any other page.
 */
export function holdAppScripts(
  page: Buffer<ArrayBuffer>,
  options: { bootUrl: string; entryModule: string },
): Buffer<ArrayBuffer> {
  const { bootUrl, entryModule } = options;
  if (!bootUrl || !page.includes(`import(${JSON.stringify(bootUrl)})`)) return page;
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
        if (href === bootUrl) return link;
        preloads.push(href);
        return '';
      },
    );
  const [whole, nonce, body] = script;
  const held = `<script nonce="${nonce}" type="${DEFERRED_APP_TYPE}" data-preloads="${escapeAttribute(JSON.stringify(preloads))}">${body}</script>`;
  return Buffer.from(head + held + html.slice(script.index + whole.length));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
