// `/movies`: every published movie, with filters and sort in the URL, the result count and page numbers.
import { useTranslation } from 'react-i18next';
import { MovieListing } from '#app/components/catalog/movie-listing.tsx';
import { loadListing } from '#app/lib/listing.server.ts';
import { listingSeo, withPage } from '#app/lib/seo-listing.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/movies';

export const handle: RouteHandle = {
  title: (data, t) => withPage(t('pages.movies'), data, t),
  seo: (context) => listingSeo(context),
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context);
}

export default function Movies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('pages.movies')}</h1>
      <MovieListing data={loaderData} />
    </main>
  );
}
