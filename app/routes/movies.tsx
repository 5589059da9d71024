// `/movies`: every published movie, with filters and sort in the URL, the result count and page numbers; with `q`,
// the search results page (best match first; docs/decisions/016-search.md). The Movies Page Manager
// (`/vnwa/appearance/movies-page`, decision 049) sets its default sort, page size, filters, banner and SEO texts.
import { useTranslation } from '#app/lib/use-translation.ts';
import { HeroActions } from '#app/components/catalog/hero-actions.tsx';
import { MovieListing, type ListingData } from '#app/components/catalog/movie-listing.tsx';
import { MovieTitles } from '#app/components/catalog/movie-titles.tsx';
import { Img } from '#app/components/image.tsx';
import { loadListing } from '#app/lib/listing.server.ts';
import { listingSeo, withPage } from '#app/lib/seo-listing.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { HeroSlide } from '#shared/resources/movie.ts';
import type { Route } from './+types/movies';

type MoviesData = ListingData & {
  banner: { movie: HeroSlide; title: string; text: string } | null;
  seo: { title: string; description: string };
};

export const handle: RouteHandle = {
  pageCache: 'guests',
  title: (data, t) => {
    const page = data as MoviesData | undefined;
    if (page?.query) return t('search.title', { query: page.query });
    return withPage(page?.seo.title || t('pages.movies'), data, t);
  },
  seo: (context) => {
    const { seo } = context.data as MoviesData;
    return listingSeo(context, undefined, seo);
  },
};

export const loader = withAccess(
  'public',
  async ({ request }: Route.LoaderArgs, { services }): Promise<MoviesData> => {
    const settings = services.settings.get('movies_page');
    const listing = await loadListing(request, services, undefined, {
      defaultSort: settings.default_sort,
      pageSize: settings.page_size,
      filters: settings.filters,
    });
    // The banner introduces the catalogue: on its first page, not over a search or a filtered list.
    const params = new URL(request.url).searchParams;
    const plain = [...params.keys()].every((key) => key === 'sort');
    const id = settings.banner.movie_id;
    const movie = plain && id ? await services.publicReads.slide(id) : null;
    return {
      ...listing,
      banner: movie ? { movie, title: settings.banner.title, text: settings.banner.text } : null,
      seo: { title: settings.seo_title, description: settings.seo_description },
    };
  },
);

export default function Movies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, banner } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-8 sm:px-6">
      {query ? (
        <div className="mb-6">
          <p className="text-sm font-medium text-neutral-500 dark:text-neutral-400">
            {t('search.resultsLabel')}
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-balance sm:text-3xl">
            “{query}”
          </h1>
        </div>
      ) : (
        <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('pages.movies')}</h1>
      )}
      {banner ? <Banner {...banner} /> : null}
      <MovieListing data={loaderData} />
    </main>
  );
}

/** The featured movie the admin put above the list: its backdrop, a title and a few lines, and two ways in. */
function Banner({ movie, title, text }: NonNullable<MoviesData['banner']>) {
  const { t } = useTranslation();
  const heading = title || movie.title;
  return (
    <section
      aria-label={t('moviesPage.bannerLabel')}
      className="relative isolate mb-8 overflow-hidden rounded-2xl bg-neutral-950 text-white"
      data-testid="movies-banner"
    >
      <Img
        src={movie.backdrop ?? movie.poster}
        width={1280}
        height={540}
        sizes="(min-width: 1536px) 1488px, 100vw"
        alt=""
        priority
        className="absolute inset-0 -z-10 size-full object-cover opacity-60"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-gradient-to-r from-neutral-950 via-neutral-950/70 to-transparent"
      />
      <div className="flex max-w-2xl flex-col gap-3 px-5 py-8 sm:px-8 sm:py-12 lg:py-16">
        <p className="text-xs font-semibold tracking-wider text-primary-300 uppercase">
          {t('moviesPage.featured')}
        </p>
        <h2 className="text-2xl font-extrabold tracking-tight text-balance break-words sm:text-4xl">
          {heading}
        </h2>
        {title ? (
          <MovieTitles
            title={movie.title}
            originalTitle={movie.original_title}
            year={movie.year}
            titleClassName="text-sm font-semibold text-neutral-200"
            originalClassName="text-xs text-neutral-400"
          />
        ) : null}
        {text || movie.excerpt ? (
          <p className="line-clamp-3 text-sm text-pretty text-neutral-200 sm:text-base">
            {text || movie.excerpt}
          </p>
        ) : null}
        <HeroActions movie={movie} className="mt-2 flex flex-wrap gap-3" />
      </div>
    </section>
  );
}
