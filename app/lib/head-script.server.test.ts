// The root layout's head script moved before the stylesheet React hoists (decision 062).
import { describe, expect, it } from 'vitest';
import { headScriptFirst } from './head-script.server.ts';

const script = `<script data-head-script="" nonce="n">document.documentElement.classList.toggle('dark',true)</script>`;
const stylesheet = `<link nonce="n" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`;
const page = (head: string) =>
  Buffer.from(
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}</head><body><p>Xin chào</p></body></html>`,
  );

describe('headScriptFirst', () => {
  it('moves the head script to just before the stylesheet, and leaves the rest in its order', () => {
    const preload = `<link rel="preload" as="image" href="/hero.webp"/>`;
    const html = headScriptFirst(
      page(
        `${preload}${stylesheet}<meta name="description" content="Phim"/>${script}<title>Phim</title>`,
      ),
    ).toString();
    expect(html).toBe(
      page(
        `${preload}${script}${stylesheet}<meta name="description" content="Phim"/><title>Phim</title>`,
      ).toString(),
    );
  });

  it('leaves a page whose script is already first, or that has no stylesheet or no script, as it was', () => {
    for (const head of [`${script}${stylesheet}`, script, stylesheet, '']) {
      const before = page(head);
      expect(headScriptFirst(before)).toBe(before);
    }
  });

  it('reads only <head>: a script of the same shape in <body> stays where it is', () => {
    const before = Buffer.from(`<html><head>${stylesheet}</head><body>${script}</body></html>`);
    expect(headScriptFirst(before)).toBe(before);
  });
});
