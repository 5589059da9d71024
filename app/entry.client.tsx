// Browser start-up: returns to a pending navigation after a chunk-failure reload, loads messages, then hydrates.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { resumeNavigationAfterReload } from '#app/lib/reload.ts';
import { createI18n, fetchMessages, isLocale } from '#app/lib/i18n.ts';

/** The longest hydration waits for a watch page's early start (below): a second, then the page answers anyway. */
const EARLY_START_WAIT_MS = 1000;

/**
 * On a watch page whose player started before the app (components/player/early-start.ts, whose names this spells
 * out: importing it would bring the early start's chunk into every page), until that start says it no longer needs
 * the main thread first: its first frame on screen, or loaded when nobody has pressed play yet. Hydrating is the
 * page's longest task; on two cores it put the first frame back by about as long. Until then the page is its
 * server-rendered HTML: links work, the play button plays.
 */
function earlyStartSettled() {
  const frame = document.querySelector('[data-early-start="loading"]');
  if (!frame) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, EARLY_START_WAIT_MS);
    frame.addEventListener(
      'phim:early-start-settled',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

async function start() {
  if (resumeNavigationAfterReload()) return;
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'vi';
  // Without messages the server-rendered page still works as plain HTML, so it is left as it is.
  const [resources] = await Promise.all([
    fetchMessages(locale).catch(() => fetchMessages(locale)),
    earlyStartSettled(),
  ]);
  const i18n = await createI18n(locale, { [locale]: resources });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void start();
