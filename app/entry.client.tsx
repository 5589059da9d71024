// Browser start-up: returns to a pending navigation after a chunk-failure reload, loads messages, then hydrates.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { resumeNavigationAfterReload } from '#app/lib/reload.ts';
import { createI18n, fetchMessages, isLocale } from '#app/lib/i18n.ts';

async function start() {
  if (resumeNavigationAfterReload()) return;
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'vi';
  // Without messages the server-rendered page still works as plain HTML, so it is left as it is.
  const resources = await fetchMessages(locale).catch(() => fetchMessages(locale));
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
