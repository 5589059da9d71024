// `/vnwa/movie/film/trash`, the movies trash (decision 052): the movies an admin deleted, when each went and when
// the hourly purge deletes it with its episodes; restore one (as a draft), delete one forever, or empty the trash
// (both asked first).
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import { DataTable, dateColumn, type DataTableColumn } from '#app/components/data-table/index.ts';
import { TrashIntro, useTrash } from '#app/components/trash.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { moviesQuery } from '#shared/admin-queries.ts';
import type { Route } from './+types/trash';

export const handle: RouteHandle = { title: 'admin.pages.moviesTrash' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const { list: movies, sorted } = await loadAdminList(request, moviesQuery.page, (query) =>
    services.movies.listTrash(query),
  );
  return { movies, sorted, days: services.config.TRASH_RETENTION_DAYS };
});

type TrashedMovie = Route.ComponentProps['loaderData']['movies']['data'][number];
const movieName = (movie: TrashedMovie) => movie.title;

export default function MoviesTrash({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { movies, sorted, days } = loaderData;
  const trash = useTrash({
    texts: 'admin.movies.trash',
    path: '/admin/movies',
    name: movieName,
    total: movies.meta.total,
    actionsHeader: t('admin.users.columns.actions'),
  });

  const columns = useMemo<DataTableColumn<TrashedMovie>[]>(
    () => [
      {
        id: 'title',
        header: t('admin.movies.columns.title'),
        meta: { sortKey: 'title', card: 'title', className: 'min-w-56' },
        cell: ({ row }) => (
          <span className="flex min-w-0 flex-col">
            <span className="line-clamp-2 font-medium break-words">{row.original.title}</span>
            <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">
              {row.original.original_title || `/${row.original.slug}`}
            </span>
          </span>
        ),
      },
      dateColumn(t('admin.movies.trash.deletedAt'), 'deleted_at', (movie) => movie.deleted_at, {
        time: true,
      }),
      {
        id: 'purge_at',
        header: t('admin.movies.trash.purge'),
        meta: { className: 'whitespace-nowrap text-sm text-neutral-600 dark:text-neutral-400' },
        cell: ({ row }) => formatDate(row.original.purge_at),
      },
      trash.column,
    ],
    [t, trash.column],
  );

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <AppLink
        to="/vnwa/movie/film/list"
        className="inline-flex items-center gap-1 self-start text-sm text-neutral-600 hover:underline dark:text-neutral-400"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('admin.pages.movies')}
      </AppLink>
      <TrashIntro emptyButton={trash.emptyButton}>
        {t('admin.movies.trash.intro', { count: days })}
      </TrashIntro>
      <DataTable
        columns={columns}
        data={movies.data}
        meta={movies.meta}
        sorted={sorted}
        searchPlaceholder={t('admin.movies.search')}
        getRowLabel={movieName}
        emptyTitle={t('admin.movies.trash.emptyTitle')}
        emptyText={t('admin.movies.trash.emptyText')}
      />
      {trash.dialogs}
    </div>
  );
}
