// The public listing's loader logic, shared by `/movies` and the `/{slug}` landings: URL query → service query.
// `q` searches titles (docs/decisions/016-search.md): `/movies?q=…` is the search results page.
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import type { AppLoadContext } from 'react-router';
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

export async function loadListing(
  request: Request,
  services: AppLoadContext['services'],
  fixed?: { kind: 'genre' | 'nation' | 'type'; id: number },
): Promise<ListingData> {
  const query = listingQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  // An overlong query (a pasted paragraph) is cut rather than refused: the page still answers.
  const search = query.q?.trim().slice(0, SEARCH_QUERY_MAX).trim() || undefined;
  // Results come best match first unless the visitor picks another order; without a search there is no relevance.
  const sort =
    query.sort === 'relevance' || !query.sort ? (search ? 'relevance' : 'updated') : query.sort;
  const { publicReads } = services;
  const [genres, nations, types] = await Promise.all([
    publicReads.termOptions('genre'),
    publicReads.termOptions('nation'),
    publicReads.termOptions('type'),
  ]);
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
    per_page: LISTING_PAGE_SIZE,
  });
  const pick = (items: typeof genres) =>
    items.map(({ id, name, slug: s }) => ({ id, name, slug: s }));
  const thisYear = new Date().getUTCFullYear();
  return {
    query: search ?? '',
    sort,
    // Only what a card shows (`listCards`): the page's data is serialised into its HTML, and whole movies
    // (descriptions, cast, counters) made a 24-card page about three times heavier.
    movies: list,
    genres: pick(genres),
    nations: pick(nations),
    types: pick(types),
    years: Array.from({ length: 30 }, (_, i) => thisYear - i),
  };
}
