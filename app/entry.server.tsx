// Server rendering: streams HTML to browsers, waits for the whole page for crawlers, and passes the CSP nonce down.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { createI18n, detectLocale, type Locale } from '#app/lib/i18n.ts';
import { messages } from '#app/locales/index.ts';
import { NonceProvider } from '#app/lib/nonce.ts';

export const streamTimeout = 5_000;

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
  const crawler = isbot(request.headers.get('user-agent') ?? '');
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyEvent = crawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Language', locale);
          responseHeaders.append('Vary', 'Cookie, Accept-Language');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (a closed tab) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error);
};
