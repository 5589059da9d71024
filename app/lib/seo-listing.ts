// SEO of the listing (`/movies`) and the genre/type/nation landings (`/{slug}`): which query makes a distinct page
// (the canonical URL), which combinations stay out of the index, descriptions and breadcrumbs.
import { MOVIE_STATUSES, QUALITIES, type TermKind } from '#shared/catalog.ts';
import { LISTING_LANGUAGES, type ListingData } from '#app/components/catalog/movie-listing.tsx';
import { breadcrumbList, canonicalPath, type SeoContext, type SeoPage } from '#app/lib/seo.tsx';

export type LandingTerm = { name: string; description: string; kind: TermKind };

const oneOf = (list: readonly string[]) => (value: string) => list.includes(value);

/** `Title – Page 2` beyond the first page, so that the pages of a listing do not share one title. */
export function withPage(title: string, data: unknown, t: SeoContext['t']) {
  const page = (data as Partial<ListingData> | undefined)?.movies?.meta.page ?? 1;
  return page > 1 ? `${title} – ${t('seo.page', { page })}` : title;
}

/**
 * - The canonical URL keeps `page` (above 1), the filters (`genre`, `nation`, `type`, `year`, `status`, `quality`,
 *   `language`) with valid values, and `q`; it drops `sort` (the same movies in another order) and anything else
 *   (utm_*, fbclid…). On a landing, the landing's own kind is fixed, so that parameter is dropped too.
 * - `/movies` filtered by one genre, type or nation and nothing else is the same page as that term's landing, whose
 *   URL becomes the canonical one.
 * - Search results, combinations of two or more facets and empty pages are `noindex, follow`: they would
 *   multiply near-duplicates without adding anything to search.
 */
export function listingSeo(
  context: SeoContext,
  term?: LandingTerm,
  /** `/movies`' own title and description from the Movies Page Manager; empty: the built-in ones. */
  own?: { title: string; description: string },
): SeoPage {
  const { t, url, site } = context;
  const data = context.data as ListingData;
  const known = (kind: TermKind) => {
    const list = { genre: data.genres, nation: data.nations, type: data.types }[kind];
    return (value: string) => list.some((item) => item.slug === value);
  };
  const facets = {
    genre: known('genre'),
    nation: known('nation'),
    type: known('type'),
    year: (value: string) => /^(18|19|20|21)\d\d$/.test(value),
    status: oneOf(MOVIE_STATUSES),
    quality: oneOf(QUALITIES),
    language: oneOf(LISTING_LANGUAGES),
  };
  if (term) delete (facets as Partial<typeof facets>)[term.kind];
  const page = data.movies.meta.page;
  const keep = {
    ...facets,
    q: (value: string) => value.trim().length > 0 && value.length <= 200,
    page: (value: string) => /^\d{1,5}$/.test(value) && Number(value) > 1,
  };
  let canonical = canonicalPath(url, keep);
  const query = new URL(canonical, site.publicUrl).searchParams;
  const used = Object.keys(facets).filter((name) => query.has(name));
  const searching = query.has('q');

  // One term filter on /movies is that term's landing, when its slug names only that term.
  if (!term && !searching && used.length === 1 && ['genre', 'nation', 'type'].includes(used[0]!)) {
    const slug = query.get(used[0]!)!;
    const owners = [...data.genres, ...data.nations, ...data.types].filter((x) => x.slug === slug);
    if (owners.length === 1) canonical = page > 1 ? `/${slug}?page=${page}` : `/${slug}`;
  }

  const name = term?.name ?? (own?.title || t('pages.movies'));
  const base = term
    ? term.description.trim() ||
      t(`seo.termDescription.${term.kind}`, { name: term.name, site: site.name })
    : own?.description || t('seo.moviesDescription', { site: site.name });
  const crumbs: Array<[string, string]> = [
    [t('pages.home'), '/'],
    [t('pages.movies'), '/movies'],
  ];
  if (term) crumbs.push([term.name, url.pathname]);
  return {
    title: withPage(name, data, t),
    description: page > 1 ? `${withPage(name, data, t)}. ${base}` : base,
    canonical,
    noindex: searching || used.length + (term ? 1 : 0) >= 2 || data.movies.data.length === 0,
    jsonLd: [breadcrumbList(site.publicUrl, crumbs)],
  };
}
