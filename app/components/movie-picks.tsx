// Movies an admin picks, in order (the Home Page Manager's hand-picked rows and hero; decision 049): the list of
// picks with their posters, each moved up or down or removed, and a search below to add one more.
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { IconButton } from '#app/components/ui/button.tsx';
import { PickerThumb, SearchPicker } from '#app/components/ui/search-picker.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

export type PickedMovie = {
  id: number;
  title: string;
  poster: string | null;
  year: number | null;
  published: boolean;
};

/** The admin's movie search (unpublished movies too), for a picker: the latest movies while nothing is typed. */
export function useMovieSearch() {
  const { api } = useAuth();
  return async (search: string) =>
    (
      await api.get<{ data: PickedMovie[] }>('/admin/movies', {
        query: search
          ? { search, per_page: 8 }
          : { sort: 'updated_at', order: 'desc', per_page: 8 },
      })
    ).data;
}

type SearchPickerProps = Parameters<typeof SearchPicker<PickedMovie>>[0];

/**
 * A search over the admin's movies (unpublished ones marked) to pick one: the movie search with each movie's
 * poster, year and state. `load` narrows the search when some movies are not to be offered.
 */
export function MoviePicker(
  props: Omit<SearchPickerProps, 'render' | 'texts' | 'load'> & {
    load?: SearchPickerProps['load'];
  },
) {
  const { t } = useTranslation();
  const search = useMovieSearch();
  return (
    <SearchPicker<PickedMovie>
      load={search}
      {...props}
      render={(movie) => ({
        thumb: <PickerThumb src={movie.poster} shape="poster" />,
        title: movie.title,
        detail: [movie.year, movie.published ? null : t('homeSections.picker.unpublished')]
          .filter(Boolean)
          .join(' · '),
      })}
      texts={{
        placeholder: t('homeSections.picker.search'),
        group: t('homeSections.picker.group'),
        loading: t('homeSections.picker.loading'),
        failed: t('homeSections.picker.failed'),
        none: t('homeSections.picker.none'),
        empty: t('homeSections.picker.empty'),
      }}
    />
  );
}

export function MoviePicks({
  ids,
  max,
  known,
  onKnow,
  onChange,
}: {
  ids: number[];
  max: number;
  /** What is known of each picked id (the loader's, then each movie found by the search). */
  known: Map<number, PickedMovie>;
  onKnow: (movie: PickedMovie) => void;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const search = useMovieSearch();
  const id = useId();
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [picked] = next.splice(from, 1);
    next.splice(to, 0, picked!);
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-3">
      <p id={`${id}-chosen`} className="text-sm font-medium">
        {t('homeSections.picker.chosen')}
      </p>
      {ids.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 px-3 py-4 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
          {t('homeSections.picker.noneChosen')}
        </p>
      ) : (
        <ol
          aria-labelledby={`${id}-chosen`}
          className="flex flex-col gap-1"
          data-testid="picked-movies"
        >
          {ids.map((movieId, index) => {
            const movie = known.get(movieId);
            const title = movie?.title ?? `#${movieId}`;
            return (
              <li
                key={movieId}
                className="flex items-center gap-2 rounded-lg border border-neutral-200 p-1.5 dark:border-neutral-800"
              >
                <PickerThumb src={movie?.poster ?? null} shape="poster" />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm font-medium break-words">{title}</span>
                  <span className="flex items-center gap-2 text-xs text-neutral-500 dark:text-neutral-400">
                    {movie?.year ?? null}
                    {movie && !movie.published ? (
                      <Badge tone="warning">{t('homeSections.picker.unpublished')}</Badge>
                    ) : null}
                  </span>
                </span>
                <IconButton
                  icon={ArrowUp}
                  className="size-8"
                  label={t('homeSections.picker.moveUp', { title })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <IconButton
                  icon={ArrowDown}
                  className="size-8"
                  label={t('homeSections.picker.moveDown', { title })}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <IconButton
                  icon={X}
                  className="size-8"
                  label={t('homeSections.picker.remove', { title })}
                  onClick={() => onChange(ids.filter((other) => other !== movieId))}
                />
              </li>
            );
          })}
        </ol>
      )}
      {ids.length < max ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            {t('homeSections.picker.search')}
          </label>
          <MoviePicker
            id={`${id}-search`}
            value={null}
            load={async (text) => (await search(text)).filter((movie) => !ids.includes(movie.id))}
            onChange={(movie) => {
              onKnow(movie);
              onChange([...ids, movie.id]);
            }}
          />
        </div>
      ) : (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('homeSections.picker.full', { count: max })}
        </p>
      )}
    </div>
  );
}
