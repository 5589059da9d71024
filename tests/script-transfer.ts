// What a real browser downloads of a page's JavaScript: every script response's bytes on the wire (Chromium's CDP
// `Network.loadingFinished.encodedDataLength`, less the response's headers), with `Accept-Encoding: br`, from a
// cold cache, until the page has been quiet for a while. bench/pages.ts reports it per page; the budgets' browser
// test compares it with scripts/budgets.ts's figure from the build.
import type { Page } from '@playwright/test';

export type ScriptTransfer = { url: string; bytes: number; encoding: string | undefined };

type ResponseEvent = {
  requestId: string;
  response: {
    url: string;
    mimeType: string;
    encodedDataLength: number;
    headers: Record<string, string>;
  };
};

/**
 * Loads `url` in `page` and returns the scripts it received. It waits for the load event, then until no script has
 * arrived for `quietMs` (the watch page's app modules wait for the player's first frame, a second at most, and its
 * controls come after them), `timeoutMs` at most.
 */
export async function measureScripts(
  page: Page,
  url: string,
  { quietMs = 2000, timeoutMs = 30_000 } = {},
): Promise<ScriptTransfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'br' } });
  const pending = new Map<string, { url: string; headers: number; encoding?: string }>();
  const scripts: ScriptTransfer[] = [];
  let last = Date.now();
  cdp.on('Network.responseReceived', (event: ResponseEvent) => {
    if (!/javascript|ecmascript/.test(event.response.mimeType)) return;
    const encoding = Object.entries(event.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    pending.set(event.requestId, {
      url: event.response.url,
      headers: event.response.encodedDataLength,
      encoding,
    });
    last = Date.now();
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
    const script = pending.get(event.requestId);
    if (!script) return;
    pending.delete(event.requestId);
    scripts.push({
      url: script.url,
      bytes: event.encodedDataLength - script.headers,
      encoding: script.encoding,
    });
    last = Date.now();
  });
  const started = Date.now();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    while ((Date.now() - last < quietMs || pending.size) && Date.now() - started < timeoutMs)
      await page.waitForTimeout(100);
  } finally {
    await cdp.detach().catch(() => {});
  }
  return scripts.sort((a, b) => b.bytes - a.bytes);
}
