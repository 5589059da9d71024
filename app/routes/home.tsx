// `/`: the home page. Until the catalogue exists it welcomes visitors and says honestly that no film is published.
import { Clapperboard, Film, Popcorn, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';

export const handle: RouteHandle = { title: 'pages.home' };

export default function Home() {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex-1">
      <section className="relative isolate overflow-hidden bg-neutral-950 text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,theme(--color-primary-600/45%),transparent),radial-gradient(40rem_24rem_at_0%_110%,theme(--color-blue-600/35%),transparent)]"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 py-16 sm:px-6 sm:py-24 lg:py-32">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-primary-300 backdrop-blur">
            <Popcorn className="size-3.5" aria-hidden />
            {t('site.tagline')}
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('home.heroTitle')}
          </h1>
          <p className="max-w-2xl text-base text-pretty text-neutral-300 sm:text-lg">
            {t('home.heroText')}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <AppLink to="/movies">
                <Clapperboard aria-hidden />
                {t('home.browse')}
              </AppLink>
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto w-full max-w-screen-2xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 px-6 py-14 text-center dark:border-neutral-700">
          <div className="flex -space-x-3" aria-hidden>
            {[Film, Tv, Clapperboard].map((Icon, index) => (
              <span
                key={index}
                className="grid size-12 place-items-center rounded-xl border-2 border-white bg-neutral-100 text-neutral-500 shadow-sm dark:border-neutral-950 dark:bg-neutral-800 dark:text-neutral-300"
              >
                <Icon className="size-5" />
              </span>
            ))}
          </div>
          <h2 className="mt-5 text-xl font-semibold tracking-tight text-balance">
            {t('home.emptyTitle')}
          </h2>
          <p className="mt-2 max-w-md text-sm text-pretty text-neutral-600 dark:text-neutral-400">
            {t('home.emptyText')}
          </p>
          <p className="mt-6 text-xs text-neutral-500">{t('home.adminHint')}</p>
        </div>
      </section>
    </main>
  );
}
