// The Movie Manager's columns: poster and title, type, status, year, episodes, views, update time, and each row's
// actions (edit, episodes, delete).
import { Clapperboard, ListVideo, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { AppLink, SiteLink } from '#app/components/app-link.tsx';
import {
  actionsColumn,
  dateColumn,
  numberColumn,
  RowActionsMenu,
  type DataTableColumn,
  sortableColumn,
} from '#app/components/data-table/index.ts';
import { Badge } from '#app/components/ui/badge.tsx';
import { DropdownMenuItem } from '#app/components/ui/dropdown-menu.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { MoviePicture } from './fields.tsx';
import type { Movie } from './route.tsx';

export function useMovieColumns({
  edit,
  remove,
}: {
  edit: (editing: { movie: Movie }) => void;
  remove: (movie: Movie) => void;
}) {
  const { t } = useTranslation();
  return useMemo<DataTableColumn<Movie>[]>(
    () => [
      sortableColumn(t('admin.movies.columns.title'), 'title', 'min-w-72', ({ row }) => (
        <div className="flex items-center gap-3">
          <MoviePicture
            src={row.original.poster}
            width={40}
            height={60}
            className="aspect-[2/3] w-10 shrink-0 rounded-md"
            placeholder={<Clapperboard className="size-4" aria-hidden />}
          />
          <div className="min-w-0">
            <p className="font-medium break-words">{row.original.title}</p>
            <p className="text-xs text-neutral-500 dark:text-neutral-400">
              {row.original.original_title || `/${row.original.slug}`}
              {row.original.published ? null : (
                <Badge className="ml-2" tone="warning">
                  {t('admin.movies.draft')}
                </Badge>
              )}
            </p>
          </div>
        </div>
      )),
      {
        id: 'type',
        header: t('admin.movies.columns.type'),
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => row.original.type?.name ?? '—',
      },
      {
        id: 'status',
        header: t('admin.movies.columns.status'),
        meta: { sortKey: 'status' },
        cell: ({ row }) => (
          <Badge
            tone={
              row.original.status === 'ongoing'
                ? 'info'
                : row.original.status === 'trailer'
                  ? 'warning'
                  : 'primary'
            }
          >
            {t(`admin.movies.status.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'year',
        header: t('admin.movies.columns.year'),
        meta: { sortKey: 'year', className: 'tabular-nums' },
        cell: ({ row }) => row.original.year ?? '—',
      },
      numberColumn(t('admin.movies.columns.episodes'), 'episodes', (movie) => movie.episodes_count),
      numberColumn(t('admin.movies.columns.views'), 'views', (movie) =>
        movie.views.total.toLocaleString('vi-VN'),
      ),
      dateColumn(t('admin.movies.columns.updated'), 'updated_at', (movie) => movie.updated_at, {
        time: true,
      }),
      actionsColumn(t('admin.users.columns.actions'), ({ row }) => (
        <RowActionsMenu label={t('admin.users.actions', { name: row.original.title })}>
          <DropdownMenuItem onSelect={() => edit({ movie: row.original })}>
            <Pencil aria-hidden />
            {t('admin.users.edit.open')}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <AppLink to={`/vnwa/movie/film/episodes-${row.original.id}`}>
              <ListVideo aria-hidden />
              {t('admin.pages.episodes')}
            </AppLink>
          </DropdownMenuItem>
          {row.original.published ? (
            <DropdownMenuItem asChild>
              <SiteLink href={`/watch/${row.original.slug}`}>{t('admin.viewOnSite')}</SiteLink>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem danger onSelect={() => remove(row.original)}>
            <Trash2 aria-hidden />
            {t('admin.users.delete.open')}
          </DropdownMenuItem>
        </RowActionsMenu>
      )),
    ],
    [t, edit, remove],
  );
}
