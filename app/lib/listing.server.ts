// The public listing's loader logic, shared by `/movies` and the `/{slug}` landings: URL query → service query.
// `q` searches titles (docs/decisions/016-search.md): `/movies?q=…` is the search results page. A URL with empty
// filters (`?genre=&year=`, what a plain form sends) or a page past the end is sent to the URL it means.
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import { redirect, type AppLoadContext } from 'react-router';
import { LISTING_FILTERS, type ListingDefaultSort, type ListingFilter } from '#shared/listing.ts';
import { z } from 'zod';
import {
  LISTING_LANGUAGES,
  LISTING_PAGE_SIZE,
  LISTING_SORTS,
  type ListingData,
} from '#app/components/catalog/movie-listing.tsx';
import { SEARCH_QUERY_MAX } from '#shared/search.ts';

const slug = z
  .string()
  .regex(/^[a-z0-9-]{1,120}$/)
  .optional()
  .catch(undefined);
const listingQuery = z.object({
  q: z.string().optional().catch(undefined),
  genre: slug,
  nation: slug,
  type: slug,
  year: z.coerce.number().int().min(1888).max(2100).optional().catch(undefined),
  status: z.enum(MOVIE_STATUSES).optional().catch(undefined),
  quality: z.enum(QUALITIES).optional().catch(undefined),
  language: z.enum(LISTING_LANGUAGES).optional().catch(undefined),
  sort: z.enum(LISTING_SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

const sorts = {
  relevance: { sort: 'relevance', order: 'desc' },
  updated: { sort: 'updated_at', order: 'desc' },
  newest: { sort: 'created_at', order: 'desc' },
  views: { sort: 'views', order: 'desc' },
  rating: { sort: 'rating', order: 'desc' },
  year: { sort: 'year', order: 'desc' },
  title: { sort: 'title', order: 'asc' },
} as const;

/** How a listing lists: `/movies` takes these from the Movies Page Manager, a landing the built-in ones. */
export type ListingOptions = {
  defaultSort: ListingDefaultSort;
  pageSize: number;
  filters: readonly ListingFilter[];
};
const builtIn: ListingOptions = {
  defaultSort: 'updated',
  pageSize: LISTING_PAGE_SIZE,
  filters: LISTING_FILTERS,
};

/** The URL without its empty values (`?genre=&year=`), or null when it has none. */
function withoutEmpty(url: URL): string | null {
  const params = [...url.searchParams];
  const kept = params.filter(([, value]) => value.trim() !== '');
  if (kept.length === params.length) return null;
  const query = new URLSearchParams(kept).toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

export async function loadListing(
  request: Request,
  services: AppLoadContext['services'],
  fixed?: { kind: 'genre' | 'nation' | 'type'; id: number },
  options: ListingOptions = builtIn,
): Promise<ListingData> {
  const url = new URL(request.url);
  const clean = withoutEmpty(url);
  if (clean) throw redirect(clean);
  const query = listingQuery.parse(Object.fromEntries(url.searchParams));
  // An overlong query (a pasted paragraph) is cut rather than refused: the page still answers.
  const search = query.q?.trim().slice(0, SEARCH_QUERY_MAX).trim() || undefined;
  // Results come best match first unless the visitor picks another order; without a search there is no relevance.
  const defaultSort = search ? 'relevance' : options.defaultSort;
  const sort = query.sort === 'relevance' && !search ? defaultSort : (query.sort ?? defaultSort);
  const { publicReads } = services;
  const { genre: genres, nation: nations, type: types } = await services.terms.listOptions();
  const idOf = (list: typeof genres, value?: string) =>
    value ? (list.find((t) => t.slug === value)?.id ?? -1) : undefined;
  const list = await publicReads.listCards({
    published: 'true',
    search,
    genre: fixed?.kind === 'genre' ? fixed.id : idOf(genres, query.genre),
    nation: fixed?.kind === 'nation' ? fixed.id : idOf(nations, query.nation),
    type: fixed?.kind === 'type' ? fixed.id : idOf(types, query.type),
    year: query.year,
    status: query.status,
    quality: query.quality,
    language: query.language,
    ...sorts[sort],
    page: query.page,
    per_page: options.pageSize,
  });
  // Past the last page (a bookmark after movies were removed, a hand-typed page): the last page, not "44 found"
  // above an empty grid.
  const last = Math.max(1, list.meta.last_page);
  if (query.page > last) {
    const next = new URLSearchParams(url.searchParams);
    if (last > 1) next.set('page', String(last));
    else next.delete('page');
    const rest = next.toString();
    throw redirect(`${url.pathname}${rest ? `?${rest}` : ''}`);
  }
  const pick = (items: typeof genres) =>
    items.map(({ id, name, slug: s }) => ({ id, name, slug: s }));
  const thisYear = new Date().getUTCFullYear();
  return {
    query: search ?? '',
    sort,
    defaultSort,
    filters: options.filters.filter((name) => name !== fixed?.kind),
    // Only what a card shows (`listCards`): the page's data is serialised into its HTML, and whole movies
    // (descriptions, cast, counters) made a 24-card page about three times heavier.
    movies: list,
    genres: pick(genres),
    nations: pick(nations),
    types: pick(types),
    years: Array.from({ length: 30 }, (_, i) => thisYear - i),
  };
}
