// `/`: the home page, built from the ordered sections of the home service (server/domain/site/home.service.ts),
// which admins arrange in the Home Page Manager (decision 049): a hero carousel, rows of posters or wide cards that
// scroll sideways, grids, and the viewer's Continue watching where the admin put it. An admin's `?preview=` shows
// a draft instead (the manager's live preview). Sections without movies are not shown; with an
// empty catalogue the page welcomes visitors and says honestly that no film is published yet.
import { ArrowRight, Clapperboard, Film, Popcorn, Tv } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { AppLink } from '#app/components/app-link.tsx';
import { ContinueRow } from '#app/components/catalog/continue-row.tsx';
import { HeroCarousel } from '#app/components/catalog/hero-carousel.tsx';
import { LandscapeRow, MovieGrid, MovieRow } from '#app/components/catalog/movie-row.tsx';
import { HydrateLater } from '#app/components/hydrate-later.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/home';

export const handle: RouteHandle = { title: 'pages.home', pageCache: 'guests' };

export const loader = withAccess(
  'public',
  async ({ request }: Route.LoaderArgs, { services, user }) => {
    // The Home Page Manager's live preview: an admin's draft sections, resolved as the saved ones are, never cached.
    const draft = user?.roles.includes('admin')
      ? new URL(request.url).searchParams.get('preview')
      : null;
    // The sections are the same for everyone (and cached); Continue watching is the signed-in viewer's own.
    const [blocks, resume] = await Promise.all([
      draft === null
        ? services.publicReads.homePage().then((page) => page.blocks)
        : services.home.preview(parseDraft(draft)),
      user ? services.history.continueWatching(user.id) : [],
    ]);
    return { blocks, resume, preview: draft !== null };
  },
);

/** The `?preview=` draft: JSON of the sections; anything else previews an empty page. */
function parseDraft(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

type Block = Route.ComponentProps['loaderData']['blocks'][number];
type RowBlock = Extract<Block, { kind: 'row' }>;

/** Where a row's "see all" goes: the listing or landing sorted the same way, when one matches. */
function seeAllHref(block: Pick<RowBlock, 'source' | 'term' | 'sort'>): string | null {
  const query = block.sort === 'updated' ? '' : `?sort=${block.sort}`;
  if (block.source === 'term') return block.term ? `/${block.term.slug}${query}` : null;
  if (block.source === 'latest_episodes') return '/movies';
  if (block.source === 'most_viewed') return '/movies?sort=views';
  return null;
}

/** The section's title in the visitor's language, else its kind's own. */
function useBlockTitle() {
  const { t, i18n } = useTranslation();
  return (block: Block) => {
    const own = (i18n.language === 'vi' ? block.title_vi : block.title).trim();
    if (own) return own;
    if (block.kind === 'hero') return t('home.sections.hero');
    if (block.kind === 'continue') return t('histories.continue');
    if (block.source === 'term' && block.term) return block.term.name;
    if (block.source === 'most_viewed')
      return t(`homeSections.mostViewed.${block.window ?? 'week'}`);
    return t(`homeSections.defaults.${block.source}`);
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { blocks, resume, preview } = loaderData;
  const titleOf = useBlockTitle();
  const hasHero = blocks.some((block) => block.kind === 'hero');
  // The page has movies to show (Continue watching alone is the viewer's, not the catalogue's).
  const hasMovies = blocks.some((block) => block.kind !== 'continue');
  let rowIndex = 0;
  return (
    <main id="main" className="flex-1">
      {hasHero ? (
        <h1 className="sr-only">{t('home.heroTitle')}</h1>
      ) : (
        <Welcome compact={hasMovies} />
      )}
      {hasMovies ? null : <EmptyCatalogue />}
      <div className="flex flex-col gap-10 pb-14 sm:gap-12">
        {blocks.map((block, index) => {
          const title = titleOf(block);
          if (block.kind === 'hero')
            return (
              <div key={block.key} className={index > 0 ? 'mt-2' : '-mb-2 sm:-mb-4'}>
                <HeroCarousel slides={block.slides} label={title} />
              </div>
            );
          // Where the admin put it: the viewer's own row, for a signed-in viewer with something started.
          if (block.kind === 'continue')
            return resume.length === 0 && preview ? (
              <ContinuePlaceholder key={block.key} title={title} />
            ) : (
              <ContinueRow key={block.key} items={resume} title={title} limit={block.limit} />
            );
          const first = rowIndex === 0;
          // The hero and two rows, or three rows without a hero, fill the first screen of a phone or a desktop;
          // the rows after those render their cards' places until the viewer nears them (decision 065).
          const belowFold = rowIndex++ >= (hasHero ? 2 : 3);
          const priority = first && !hasHero;
          const props = { title, href: seeAllHref(block), movies: block.movies, priority };
          const row =
            block.layout === 'grid' ? (
              <MovieGrid {...props} />
            ) : block.layout === 'landscape' ? (
              <LandscapeRow {...props} belowFold={belowFold} />
            ) : (
              <MovieRow {...props} belowFold={belowFold} />
            );
          // The rows after the first are laid out when the viewer nears them (a hundred cards made the first
          // frame a 230 ms task on loopback).
          return (
            <div key={block.key} className={first ? undefined : 'paint-when-near'}>
              <HydrateLater>{row}</HydrateLater>
            </div>
          );
        })}
        {hasMovies ? <BrowseMore /> : null}
      </div>
    </main>
  );
}

/** In the manager's preview, where Continue watching goes when the admin has nothing started. */
function ContinuePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-screen-2xl px-4 sm:px-6" data-testid="continue-row">
      <h2 className="text-lg font-bold tracking-tight sm:text-xl lg:text-2xl">{title}</h2>
      <p className="mt-3 rounded-xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
        {t('homeSections.continuePlaceholder')}
      </p>
    </section>
  );
}

/** The welcome banner: the page's heading when no film is featured. */
function Welcome({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="relative isolate mb-10 overflow-hidden bg-neutral-950 text-white">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,theme(--color-primary-600/45%),transparent),radial-gradient(40rem_24rem_at_0%_110%,theme(--color-blue-600/35%),transparent)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div
        className={cn(
          'mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 sm:px-6',
          compact ? 'py-12 sm:py-16' : 'py-16 sm:py-24 lg:py-32',
        )}
      >
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
  );
}

function EmptyCatalogue() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-screen-2xl px-4 pb-12 sm:px-6 sm:pb-16">
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
        <p className="mt-6 text-xs text-neutral-500 dark:text-neutral-400">{t('home.adminHint')}</p>
      </div>
    </section>
  );
}

/** The end of the page: the whole catalogue is one step away. */
function BrowseMore() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-screen-2xl px-4 sm:px-6">
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-neutral-200 bg-neutral-50 px-6 py-8 sm:flex-row sm:items-center sm:justify-between dark:border-neutral-800 dark:bg-neutral-900">
        <div>
          <h2 className="text-lg font-bold tracking-tight">{t('home.moreTitle')}</h2>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {t('home.moreText')}
          </p>
        </div>
        <Button asChild size="lg">
          <AppLink to="/movies">
            {t('home.browse')}
            <ArrowRight aria-hidden />
          </AppLink>
        </Button>
      </div>
    </section>
  );
}
