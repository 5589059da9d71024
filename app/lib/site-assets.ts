// Site Assets in the browser (spec §7, decision 047): once, on the first public page, the client fetches the admin's
// snippets and injects their script, style and link elements: `head` into the head, `body_start` at the start of
// the body, any other key at its end. Nothing else of a snippet is copied (no other element, no `on…` handler),
// nothing is injected into the back office, and a failure is silent.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { API_PREFIX } from '#app/lib/api.ts';

const INJECTED = ['script', 'style', 'link'] as const;
/** `/vnwa` and below: the back office runs none of the admin's snippets. */
const BACK_OFFICE = /^\/vnwa(?:\/|$)/i;

/** The page's CSP nonce: the browser hides it from `getAttribute`, not from the `nonce` property. */
function pageNonce(doc: Document) {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script'))
    if (script.nonce) return script.nonce;
  return '';
}

/**
 * New live elements for a snippet's script, style and link elements (at any depth; everything else dropped).
 * Built with createElement, not innerHTML, so that scripts run; `on…` attributes are left out (they are inline
 * code the CSP would refuse anyway), and every element carries the page's nonce.
 */
export function siteAssetElements(html: string, doc: Document, nonce = pageNonce(doc)) {
  const template = doc.createElement('template');
  // A template's content is inert: nothing in it loads or runs while it is read.
  template.innerHTML = html;
  return [...template.content.querySelectorAll(INJECTED.join(','))].map((source) => {
    const element = doc.createElement(source.localName);
    for (const { name, value } of source.attributes)
      if (!/^on/i.test(name) && name.toLowerCase() !== 'nonce') element.setAttribute(name, value);
    if (source.localName !== 'link') element.textContent = source.textContent;
    // Added scripts are async unless told; the snippet's order is kept as a parser would.
    if (element instanceof HTMLScriptElement && !source.hasAttribute('async'))
      element.async = false;
    if (nonce) (element as HTMLElement).nonce = nonce;
    return element;
  });
}

/** Puts each placement's elements in their place, marked `data-site-asset` with the placement. */
export function injectSiteAssets(assets: Record<string, string | undefined>, doc: Document) {
  const nonce = pageNonce(doc);
  for (const [placement, html] of Object.entries(assets)) {
    if (typeof html !== 'string' || !html.trim()) continue;
    const elements = siteAssetElements(html, doc, nonce);
    for (const element of elements) element.setAttribute('data-site-asset', placement);
    if (placement === 'head') doc.head.append(...elements);
    else if (placement === 'body_start') doc.body.prepend(...elements);
    else doc.body.append(...elements);
  }
}

let started = false;

/** From the root: injects the Site Assets once per page load, on the first public page visited. */
export function useSiteAssets() {
  const { pathname } = useLocation();
  const publicPage = !BACK_OFFICE.test(pathname);
  useEffect(() => {
    if (!publicPage || started) return;
    started = true;
    void fetch(`${API_PREFIX}/load-data-site-assets`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then((response) => (response.ok ? response.json() : {}))
      .then((assets: unknown) => {
        if (assets && typeof assets === 'object')
          injectSiteAssets(assets as Record<string, string>, document);
      })
      .catch(() => {});
  }, [publicPage]);
  // Went on into the back office: what already ran stays run, but the styles are switched off there.
  useEffect(() => {
    for (const element of document.querySelectorAll<HTMLStyleElement | HTMLLinkElement>(
      'style[data-site-asset], link[data-site-asset]',
    ))
      element.disabled = !publicPage;
  }, [publicPage]);
}
