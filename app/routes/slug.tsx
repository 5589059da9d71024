// `/{slug}`: the landing page of a genre, type or nation (the listing pre-filtered, with its own title and
// description); any other slug is the 404 `Page not found: {path}`.
import { MovieListing } from '#app/components/catalog/movie-listing.tsx';
import { loadListing } from '#app/lib/listing.server.ts';
import { pageNotFound } from '#app/lib/route-errors.ts';
import { listingSeo, withPage, type LandingTerm } from '#app/lib/seo-listing.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/slug';

export const handle: RouteHandle = {
  pageCache: 'guests',
  title: (data, t) => {
    const name = (data as { term?: { name: string } } | undefined)?.term?.name;
    return name ? withPage(name, data, t) : '';
  },
  seo: (context) => listingSeo(context, (context.data as { term: LandingTerm }).term),
};

export const loader = withAccess(
  'public',
  async ({ request, params }: Route.LoaderArgs, { services }) => {
    const term = /^[a-z0-9-]{1,120}$/.test(params.slug)
      ? await services.terms.findBySlug(params.slug)
      : null;
    if (!term) pageNotFound(request);
    const listing = await loadListing(request, services, { kind: term.kind, id: term.id });
    return {
      term: { name: term.name, description: term.description, kind: term.kind },
      ...listing,
    };
  },
);

export default function TermLanding({ loaderData }: Route.ComponentProps) {
  const { term, ...listing } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{term.name}</h1>
      {term.description ? (
        <p className="mt-2 max-w-3xl text-neutral-600 dark:text-neutral-400">{term.description}</p>
      ) : null}
      <div className="mt-6">
        <MovieListing data={listing} fixed={term.kind} />
      </div>
    </main>
  );
}
