// The public listing: filters and sort in the URL query, applied as they change (each change replaces the URL,
// keeping only the values that are set, and the focus stays on the select); without JavaScript it is a plain GET
// form with a button. The result count, a grid of cards and page numbers. `/movies` and the `/{slug}` landings
// share it.
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import type { ListingFilter } from '#shared/listing.ts';
import { ChevronLeft, ChevronRight, SlidersHorizontal } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNear } from '#app/lib/use-near.ts';
import { Form, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
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
type Option2 = { value: string; label: string };
/**
 * The cards of a page that are rendered at once: two rows of the widest grid, more than a phone's or a desktop's
 * first screen shows. The rest are their places until the viewer nears them; crawlers get all (decision 065).
 */
const FIRST_GRID_CARDS = 12;

const terms = (list: Option[]) => list.map((term) => ({ value: term.slug, label: term.name }));

/**
 * The form's values: what the URL says, or, while a change is loading, what the next URL says. A change goes to
 * the URL at once (replacing the entry, so that Back leaves the listing rather than stepping through every filter).
 */
function useFilterValues(defaultSort: string) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const next = navigation.location;
  const shown =
    next && next.pathname === location.pathname ? new URLSearchParams(next.search) : params;
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const query = new URLSearchParams(shown);
    const { name, value } = event.target;
    // Only what is set: no `?genre=&year=`, and the page's own default order is no parameter.
    if (!value || (name === 'sort' && value === defaultSort)) query.delete(name);
    else query.set(name, value);
    // A new filter starts again from the first page.
    query.delete('page');
    const search = query.toString();
    void navigate(
      { search: search ? `?${search}` : '' },
      { replace: true, preventScrollReset: true },
    );
  };
  const navigate = useNavigate();
  return { value: (name: string) => shown.get(name) ?? '', onChange };
}
export type ListingData = {
  /** The search (`q`), empty when browsing. */
  query: string;
  sort: (typeof LISTING_SORTS)[number];
  /** The sort the page uses when the URL names none: left out of the URL. */
  defaultSort: (typeof LISTING_SORTS)[number];
  /** The filters offered, in order (a landing's own kind is never one). */
  filters: ListingFilter[];
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
  const { value, onChange } = useFilterValues(data.defaultSort);
  const rest = useRef<HTMLLIElement>(null);
  const near = useNear(rest);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const options: Record<ListingFilter, { label: string; options: Option2[] }> = {
    genre: { label: t('listing.genre'), options: terms(data.genres) },
    nation: { label: t('listing.nation'), options: terms(data.nations) },
    type: { label: t('listing.type'), options: terms(data.types) },
    year: {
      label: t('listing.year'),
      options: data.years.map((y) => ({ value: String(y), label: String(y) })),
    },
    status: {
      label: t('listing.status'),
      options: MOVIE_STATUSES.map((s) => ({ value: s, label: t(`admin.movies.status.${s}`) })),
    },
    quality: {
      label: t('listing.quality'),
      options: QUALITIES.map((q) => ({ value: q, label: q })),
    },
    language: {
      label: t('listing.language'),
      options: LISTING_LANGUAGES.map((l) => ({ value: l, label: l })),
    },
  };
  const selects = data.filters
    .filter((name) => name !== fixed)
    .map((name) => ({ name, ...options[name] }));
  const pages = Array.from({ length: movies.meta.last_page }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === movies.meta.last_page || Math.abs(p - movies.meta.page) <= 2,
  );
  return (
    <div className="flex flex-col gap-6">
      <Form
        method="get"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-8"
        aria-label={t('listing.filters')}
        // With JavaScript every change has already been applied; without, the button below sends the form.
        onSubmit={(event) => event.preventDefault()}
      >
        {data.query ? <input type="hidden" name="q" value={data.query} /> : null}
        {selects.map((select) => (
          <Select
            key={select.name}
            name={select.name}
            aria-label={select.label}
            value={value(select.name)}
            onChange={onChange}
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
          value={value('sort') || data.defaultSort}
          onChange={onChange}
          className="h-10"
        >
          {LISTING_SORTS.filter((sort) => sort !== 'relevance' || data.query).map((sort) => (
            <option key={sort} value={sort}>
              {t(`listing.sorts.${sort}`)}
            </option>
          ))}
        </Select>
        <noscript>
          <Button type="submit" size="lg" className="h-10 w-full">
            <SlidersHorizontal aria-hidden />
            {t('listing.apply')}
          </Button>
        </noscript>
      </Form>
      <p
        className="text-sm text-neutral-600 dark:text-neutral-400"
        data-testid="result-count"
        aria-live="polite"
      >
        {t('listing.count', { count: movies.meta.total })}
      </p>
      {movies.data.length ? (
        <ul className="grid grid-cols-2 gap-x-3 gap-y-6 xs:grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
          {movies.data.map((movie, index) =>
            index < FIRST_GRID_CARDS || near ? (
              <li key={movie.id}>
                <MovieCard movie={movie} priority={index < 4} />
              </li>
            ) : (
              <li
                key={movie.id}
                ref={index === FIRST_GRID_CARDS ? rest : undefined}
                aria-hidden
                className="card-place"
              />
            ),
          )}
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
