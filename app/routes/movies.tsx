// `/movies`: every published movie, with filters and sort in the URL, the result count and page numbers; with `q`,
// the search results page (best match first; docs/decisions/016-search.md).
import { useTranslation } from '#app/lib/use-translation.ts';
import { MovieListing, type ListingData } from '#app/components/catalog/movie-listing.tsx';
import { loadListing } from '#app/lib/listing.server.ts';
import { listingSeo, withPage } from '#app/lib/seo-listing.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/movies';

export const handle: RouteHandle = {
  title: (data, t) => {
    const query = (data as ListingData | undefined)?.query;
    return query ? t('search.title', { query }) : withPage(t('pages.movies'), data, t);
  },
  seo: (context) => listingSeo(context),
};

export const loader = withAccess('public', ({ request }: Route.LoaderArgs, { services }) =>
  loadListing(request, services),
);

export default function Movies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query } = loaderData;
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
      <MovieListing data={loaderData} />
    </main>
  );
}
