// Server rendering: the whole page as one buffer (render-document.server.tsx: loaders finish before rendering and no
// route suspends), and the CSP nonce and the player's early-start module passed down; on a page whose player starts
// early, the app's scripts held back until it has (early-start.server.ts); the head script before the stylesheet
// (head-script.server.ts).
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { createI18n, detectLocale, type Locale } from '#app/lib/i18n.ts';
import { messages } from '#shared/locales/index.ts';
import { NonceProvider } from '#app/lib/nonce.ts';
import { findPlayerBootUrl, PlayerBootProvider } from '#app/components/player/boot-url.ts';
import { holdAppScripts } from '#app/components/player/early-start.server.ts';
import { headScriptFirst } from '#app/lib/head-script.server.ts';
import { readHydrationData, renderDocument } from '#app/lib/render-document.server.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { PAGE_CACHE_HEADER } from '#shared/page-cache.ts';

export const streamTimeout = 5_000;

// The server makes its request handler with this build's own copy of React Router: in a production build, React
// Router's production build, bundled here (vite.config.ts); a second copy, Node's resolution of `react-router`,
// would be its development build (server/web/react-router.ts).
export { createRequestHandler } from 'react-router';

// One i18next instance per language, made once: nothing changes its language or resources after start-up, so
// concurrent renders can share it (making one per request cost about 1.5 ms of the ~10 ms of a page render).
const i18nByLocale = new Map<Locale, ReturnType<typeof createI18n>>();
function i18nFor(locale: Locale) {
  let instance = i18nByLocale.get(locale);
  if (!instance) {
    instance = createI18n(locale, { [locale]: messages[locale] });
    i18nByLocale.set(locale, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale = detectLocale(request, loadContext.services.site.defaultLocale);
  const i18n = await i18nFor(locale);
  const nonce = loadContext.nonce;
  // Crawlers get no scripts (root.tsx): nor the player's early start, its chunk and its playlist.
  const crawler =
    (routerContext.staticHandlerContext.loaderData.root as { crawler?: boolean } | undefined)
      ?.crawler === true;
  const playerBoot = crawler ? '' : findPlayerBootUrl(routerContext.manifest);

  await readHydrationData(routerContext);
  const page = await renderDocument(
    <NonceProvider value={nonce}>
      <PlayerBootProvider value={playerBoot}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </PlayerBootProvider>
    </NonceProvider>,
    {
      nonce,
      timeoutMs: streamTimeout + 1000,
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    },
  );
  const html = holdAppScripts(headScriptFirst(page), {
    bootUrl: playerBoot,
    entryModule: routerContext.manifest.entry.module,
    // Development's modules come from Vite, with its client first: they load as React Router writes them.
    paintFirst: import.meta.env.PROD,
  });
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Language', locale);
  responseHeaders.set('Content-Length', String(html.length));
  responseHeaders.append('Vary', 'Cookie, Accept-Language');
  if (responseStatusCode === 200 && sharedWithGuests(routerContext))
    responseHeaders.set(PAGE_CACHE_HEADER, 'guests');
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Whether the page's route renders the same for every guest (its handle's `pageCache`, decision 058). */
function sharedWithGuests(context: EntryContext) {
  const leaf = context.staticHandlerContext.matches.at(-1);
  if (!leaf || context.staticHandlerContext.errors) return false;
  const handle = context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined;
  return handle?.pageCache === 'guests';
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a closed tab) are not errors worth logging.
  if (request.signal.aborted) return;
  // A client's mistake (a POST to a page without an action: 405) is answered, not logged as the server's error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
