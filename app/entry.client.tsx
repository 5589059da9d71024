// Browser start-up: returns to a pending navigation after a chunk-failure reload, loads messages and makes the
// router (hydrated-router.tsx), then hydrates.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { PreparedRouter, prepareRouter } from '#app/lib/hydrated-router.tsx';
import { resumeNavigationAfterReload } from '#app/lib/reload.ts';
import { cn } from '#app/lib/cn.ts';
import { createI18n, fetchMessages, isLocale } from '#app/lib/i18n.ts';

async function start() {
  if (resumeNavigationAfterReload()) return;
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'vi';
  // tailwind-merge builds its class map on its first call (12–22 ms in Chromium here, four times that on a slowed
  // phone): in a task of its own while the messages arrive, not inside the first component of the hydration that
  // merges classes, whose slice it made one long task.
  const classMapBuilt = new Promise<void>((resolve) =>
    setTimeout(() => {
      cn('p-0');
      resolve();
    }, 0),
  );
  // The router is made in a task of its own while the messages arrive, not inside hydration's first render.
  const routerMade = prepareRouter();
  // Without messages the server-rendered page still works as plain HTML, so it is left as it is.
  const resources = await fetchMessages(locale).catch(() => fetchMessages(locale));
  await classMapBuilt;
  await routerMade;
  const i18n = await createI18n(locale, { [locale]: resources });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <PreparedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void start();
