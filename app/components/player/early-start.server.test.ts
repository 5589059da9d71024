// Holding React Router's scripts back on a page whose player starts early, on its output's shape.
import { describe, expect, it } from 'vitest';
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
    const html = holdAppScripts(page(true), { bootUrl: boot, entryModule }).toString();
    expect([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      boot,
      boot,
    ]);
    expect(html).toContain(
      `<script nonce="n" type="text/x-phim-app" data-preloads="[&quot;${entryModule}&quot;,&quot;/assets/root-r.js&quot;]">${routerScript}</script>`,
    );
    expect(html).not.toContain('type="module" async="">;');
  });

  it('leaves a page without the early start, or of another shape, as it was', () => {
    const plain = page(false);
    expect(holdAppScripts(plain, { bootUrl: boot, entryModule })).toBe(plain);
    const other = page(true);
    expect(holdAppScripts(other, { bootUrl: boot, entryModule: '/assets/entry.client-x.js' })).toBe(
      other,
    );
    expect(holdAppScripts(other, { bootUrl: '', entryModule })).toBe(other);
  });
});
