// Holding React Router's scripts back on a page whose player starts early, or until any other page has painted its
// hero (decision 059), on its output's shape.
import { describe, expect, it } from 'vitest';
import { earlyStartScript, paintFirstScript } from './early-start.ts';
import { holdAppScripts } from './early-start.server.ts';

const boot = '/assets/player-boot-b.js';
const entryModule = '/assets/entry.client-e.js';
const routerScript = `; import * as route0 from "/assets/root-r.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("${entryModule}");`;
const page = (early: boolean) =>
  Buffer.from(
    `<html><head><link rel="modulepreload" href="${boot}" fetchPriority="high" nonce="n"/>` +
      `<link rel="modulepreload" href="${entryModule}" nonce="n"/><link rel="modulepreload" href="/assets/root-r.js" nonce="n"/>` +
      `<link rel="modulepreload" href="${boot}" nonce="n"/></head><body>` +
      (early ? `<script type="module" async="" nonce="n">import("${boot}")</script>` : '') +
      `<script nonce="n">window.__reactRouterContext = {};</script>` +
      `<script nonce="n" type="module" async="">${routerScript}</script></body></html>`,
  );

describe('holdAppScripts', () => {
  it("takes the app's preloads out and gives its module script a type that does not run", () => {
    const html = holdAppScripts(page(true), {
      bootUrl: boot,
      entryModule,
      paintFirst: true,
    }).toString();
    // Only the early start's own, high-priority preload of its chunk: React Router's second one is gone.
    expect([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      boot,
    ]);
    expect(html).toContain(`<link rel="modulepreload" href="${boot}" fetchPriority="high"`);
    expect(html).toContain(
      `<script nonce="n" type="text/x-phim-app" data-preloads="[&quot;${entryModule}&quot;,&quot;/assets/root-r.js&quot;]">${routerScript}</script>`,
    );
    expect(html).not.toContain('type="module" async="">;');
    // The early start lets it go: no second release.
    expect(html).not.toContain(paintFirstScript);
  });

  it('holds any other page’s app until its hero is painted, with every preload', () => {
    const html = holdAppScripts(page(false), {
      bootUrl: boot,
      entryModule,
      paintFirst: true,
    }).toString();
    // (The test page's high-priority preload is not React Router's shape: it stays.)
    expect([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      boot,
    ]);
    expect(html).toContain(
      `<script nonce="n" type="text/x-phim-app" data-preloads="[&quot;${entryModule}&quot;,&quot;/assets/root-r.js&quot;,&quot;${boot}&quot;]">${routerScript}</script><script nonce="n">${paintFirstScript}</script></body>`,
    );
  });

  it('leaves a page as it was in development, or of another shape', () => {
    const plain = page(false);
    expect(holdAppScripts(plain, { bootUrl: boot, entryModule, paintFirst: false })).toBe(plain);
    const other = page(true);
    for (const paintFirst of [true, false])
      expect(
        holdAppScripts(other, {
          bootUrl: boot,
          entryModule: '/assets/entry.client-x.js',
          paintFirst,
        }),
      ).toBe(other);
    expect(holdAppScripts(other, { bootUrl: '', entryModule, paintFirst: false })).toBe(other);
  });
});

describe('the inline scripts', () => {
  it('parse: a slip in one stops every page’s app from loading', () => {
    for (const script of [paintFirstScript, earlyStartScript(boot)])
      expect(() => new Function(script)).not.toThrow();
  });
});
