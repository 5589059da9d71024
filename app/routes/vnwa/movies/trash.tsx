// `/vnwa/movie/film/trash`, the movies trash (decision 052): the movies an admin deleted, when each went and when
// the hourly purge deletes it with its episodes; restore one (as a draft), delete one forever, or empty the trash
// (both asked first).
import { ArrowLeft, RotateCcw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import {
  actionsColumn,
  DataTable,
  dateColumn,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useAdminAction, useConfirmAction } from '#app/lib/use-admin-action.ts';
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
type Dialogs = { kind: 'destroy'; movie: TrashedMovie } | { kind: 'empty' } | null;

export default function MoviesTrash({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { error, setError, confirm } = useConfirmAction();
  const { movies, sorted, days } = loaderData;

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
      actionsColumn(
        t('admin.users.columns.actions'),
        ({ row }) => (
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              title={t('admin.movies.trash.restore')}
              aria-label={t('admin.movies.trash.restoreNamed', { name: row.original.title })}
              onClick={() =>
                void act(
                  () => api.post(`/admin/movies/${row.original.id}/restore`),
                  t('admin.movies.trash.restored', { name: row.original.title }),
                ).catch(() => undefined)
              }
            >
              <RotateCcw aria-hidden />
              <span className="sm:max-2xl:hidden">{t('admin.movies.trash.restore')}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 dark:text-red-400"
              title={t('admin.movies.trash.destroy')}
              aria-label={t('admin.movies.trash.destroyNamed', { name: row.original.title })}
              onClick={() => {
                setError(null);
                setDialog({ kind: 'destroy', movie: row.original });
              }}
            >
              <Trash2 aria-hidden />
              <span className="sm:max-2xl:hidden">{t('admin.movies.trash.destroy')}</span>
            </Button>
          </div>
        ),
        { card: 'inline', className: 'py-2 text-right whitespace-nowrap' },
      ),
    ],
    [t, api, act, setError],
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">
          {t('admin.movies.trash.intro', { count: days })}
        </p>
        <Button
          variant="outline"
          size="md"
          className="self-start text-red-700 dark:text-red-400"
          disabled={!movies.meta.total}
          onClick={() => {
            setError(null);
            setDialog({ kind: 'empty' });
          }}
        >
          <Trash2 aria-hidden />
          {t('admin.movies.trash.empty')}
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={movies.data}
        meta={movies.meta}
        sorted={sorted}
        searchPlaceholder={t('admin.movies.search')}
        getRowLabel={(movie) => movie.title}
        emptyTitle={t('admin.movies.trash.emptyTitle')}
        emptyText={t('admin.movies.trash.emptyText')}
      />
      {dialog?.kind === 'destroy' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('admin.movies.trash.destroyTitle', { name: dialog.movie.title })}
          description={t('admin.movies.trash.destroyText')}
          confirmLabel={t('admin.movies.trash.destroy')}
          onConfirm={() =>
            confirm(
              () => api.delete(`/admin/movies/trash/${dialog.movie.id}`),
              t('admin.movies.trash.destroyed', { name: dialog.movie.title }),
            )
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'empty' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('admin.movies.trash.emptyConfirm')}
          description={t('admin.movies.trash.emptyConfirmText', { count: movies.meta.total })}
          confirmLabel={t('admin.movies.trash.empty')}
          onConfirm={() =>
            confirm(() => api.delete('/admin/movies/trash'), t('admin.movies.trash.emptied'))
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
