// The public listing: filters and sort in the URL query (a plain GET form, so it works before hydration too),
// the result count, a grid of cards and page numbers. `/movies` and the `/{slug}` landings share it.
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import { ChevronLeft, ChevronRight, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Form, useSearchParams } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { MovieCard } from '#app/components/catalog/movie-card.tsx';
import type { CardMovie } from '#shared/resources/movie.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Select } from '#app/components/ui/input.tsx';
import { cn } from '#app/lib/cn.ts';

/** `relevance` (best match first) is offered only while searching, and is then the default. */
export const LISTING_SORTS = [
  'relevance',
  'updated',
  'newest',
  'views',
  'rating',
  'year',
  'title',
] as const;
export const LISTING_LANGUAGES = ['Vietsub', 'Thuyết minh', 'Lồng tiếng'] as const;
export const LISTING_PAGE_SIZE = 24;

type Option = { id: number; name: string; slug: string };
export type ListingData = {
  /** The search (`q`), empty when browsing. */
  query: string;
  sort: (typeof LISTING_SORTS)[number];
  movies: { data: CardMovie[]; meta: { page: number; total: number; last_page: number } };
  genres: Option[];
  nations: Option[];
  types: Option[];
  years: number[];
};

/** Which URL keys a fixed landing (a genre page) leaves out of the form. */
export function MovieListing({
  data,
  fixed,
}: {
  data: ListingData;
  fixed?: 'genre' | 'nation' | 'type';
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { movies } = data;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const selects: Array<{
    name: string;
    label: string;
    options: Array<{ value: string; label: string }>;
  }> = [
    ...(fixed === 'genre'
      ? []
      : [
          {
            name: 'genre',
            label: t('listing.genre'),
            options: data.genres.map((g) => ({ value: g.slug, label: g.name })),
          },
        ]),
    ...(fixed === 'nation'
      ? []
      : [
          {
            name: 'nation',
            label: t('listing.nation'),
            options: data.nations.map((g) => ({ value: g.slug, label: g.name })),
          },
        ]),
    ...(fixed === 'type'
      ? []
      : [
          {
            name: 'type',
            label: t('listing.type'),
            options: data.types.map((g) => ({ value: g.slug, label: g.name })),
          },
        ]),
    {
      name: 'year',
      label: t('listing.year'),
      options: data.years.map((y) => ({ value: String(y), label: String(y) })),
    },
    {
      name: 'status',
      label: t('listing.status'),
      options: MOVIE_STATUSES.map((s) => ({ value: s, label: t(`admin.movies.status.${s}`) })),
    },
    {
      name: 'quality',
      label: t('listing.quality'),
      options: QUALITIES.map((q) => ({ value: q, label: q })),
    },
    {
      name: 'language',
      label: t('listing.language'),
      options: LISTING_LANGUAGES.map((l) => ({ value: l, label: l })),
    },
  ];
  const pages = Array.from({ length: movies.meta.last_page }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === movies.meta.last_page || Math.abs(p - movies.meta.page) <= 2,
  );
  return (
    <div className="flex flex-col gap-6">
      <Form
        // A new URL (another search, the back button) resets the selects to what it says.
        key={params.toString()}
        method="get"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5 2xl:grid-cols-9"
        aria-label={t('listing.filters')}
      >
        {data.query ? <input type="hidden" name="q" value={data.query} /> : null}
        {selects.map((select) => (
          <Select
            key={select.name}
            name={select.name}
            aria-label={select.label}
            defaultValue={params.get(select.name) ?? ''}
            className="h-10"
          >
            <option value="">{select.label}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        ))}
        <Select
          name="sort"
          aria-label={t('listing.sort')}
          defaultValue={data.sort}
          className="h-10"
        >
          {LISTING_SORTS.filter((sort) => sort !== 'relevance' || data.query).map((sort) => (
            <option key={sort} value={sort}>
              {t(`listing.sorts.${sort}`)}
            </option>
          ))}
        </Select>
        <Button type="submit" size="lg" className="h-10">
          <SlidersHorizontal aria-hidden />
          {t('listing.apply')}
        </Button>
      </Form>
      <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="result-count">
        {t('listing.count', { count: movies.meta.total })}
      </p>
      {movies.data.length ? (
        <ul className="grid grid-cols-2 gap-x-3 gap-y-6 xs:grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
          {movies.data.map((movie, index) => (
            <li key={movie.id}>
              <MovieCard movie={movie} priority={index < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-neutral-300 px-4 py-16 text-center dark:border-neutral-700">
          <p className="font-medium">
            {data.query ? t('search.emptyTitle', { query: data.query }) : t('listing.emptyTitle')}
          </p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {data.query ? t('search.emptyText') : t('listing.emptyText')}
          </p>
        </div>
      )}
      {movies.meta.last_page > 1 ? (
        <nav
          aria-label={t('table.pagination')}
          className="flex flex-wrap items-center justify-center gap-1"
        >
          <AppLink
            to={pageHref(movies.meta.page - 1)}
            aria-disabled={movies.meta.page <= 1}
            className={cn(
              'grid size-10 place-items-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800',
              movies.meta.page <= 1 && 'pointer-events-none opacity-40',
            )}
            aria-label={t('table.previous')}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </AppLink>
          {pages.map((page, index) => (
            <span key={page} className="flex items-center gap-1">
              {index > 0 && page - pages[index - 1]! > 1 ? (
                <span className="px-1 text-neutral-400">…</span>
              ) : null}
              <AppLink
                to={pageHref(page)}
                aria-current={page === movies.meta.page ? 'page' : undefined}
                className={cn(
                  'grid h-10 min-w-10 place-items-center rounded-lg px-2 text-sm font-medium hover:bg-neutral-100 dark:hover:bg-neutral-800',
                  page === movies.meta.page &&
                    'bg-primary-700 text-white hover:bg-primary-700 dark:bg-primary-500 dark:text-neutral-950',
                )}
              >
                {page}
              </AppLink>
            </span>
          ))}
          <AppLink
            to={pageHref(movies.meta.page + 1)}
            aria-disabled={movies.meta.page >= movies.meta.last_page}
            className={cn(
              'grid size-10 place-items-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800',
              movies.meta.page >= movies.meta.last_page && 'pointer-events-none opacity-40',
            )}
            aria-label={t('table.next')}
          >
            <ChevronRight className="size-4" aria-hidden />
          </AppLink>
        </nav>
      ) : null}
    </div>
  );
}
