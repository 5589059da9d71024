// `/vnwa/movie/film/list`, the Movie Manager: the shared admin table with poster, title, type, status, year, episodes,
// views and update time; search without diacritics, filters, sort, pages; bulk publish, unpublish, set type, add
// genre and delete; one form for create and edit with image upload, slug preview and errors by their fields.
import { Plus, Trash2 } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { useState } from 'react';
import { DataTable, choices, type TableFilterProps } from '#app/components/data-table/index.ts';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { moviesQuery } from '#shared/admin-queries.ts';
import { MOVIE_STATUSES } from '#shared/catalog.ts';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import { BulkBar } from './bulk-bar.tsx';
import { useMovieColumns } from './columns.tsx';
import { MovieForm } from './form.tsx';
import type { Route } from './+types/route';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';

export const handle: RouteHandle = { title: 'admin.pages.movies' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const all = { per_page: 100, sort: 'order' as const, order: 'asc' as const };
  const [{ list: movies, sorted }, genres, types, nations] = await Promise.all([
    loadAdminList(request, moviesQuery.page, (query) => services.movies.list(query)),
    services.terms.list('genre', all),
    services.terms.list('type', all),
    services.terms.list('nation', all),
  ]);
  const pick = (list: typeof genres) => list.data.map(({ id, name }) => ({ id, name }));
  return {
    movies,
    sorted,
    genres: pick(genres),
    types: pick(types),
    nations: pick(nations),
    trash: {
      count: await services.movies.trashCount(),
      days: services.config.TRASH_RETENTION_DAYS,
    },
  };
});

export type MoviesData = Route.ComponentProps['loaderData'];
export type Movie = MoviesData['movies']['data'][number];
export type TermOption = { id: number; name: string };

/** A filter by one taxonomy: its terms by id. */
const termFilter = (name: string, label: string, terms: TermOption[]): TableFilterProps => ({
  name,
  label,
  options: terms.map((term) => ({ value: String(term.id), label: term.name })),
});

export default function MoviesManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [editing, setEditing] = useState<{ movie?: Movie } | null>(null);
  const [deleting, setDeleting] = useState<Movie | null>(null);
  const { movies } = loaderData;

  const columns = useMovieColumns({ edit: setEditing, remove: setDeleting });

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.movies.intro')}</p>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="lg" asChild>
            <AppLink to="/vnwa/movie/film/trash">
              <Trash2 aria-hidden />
              {t('admin.movies.trash.link', { count: loaderData.trash.count })}
            </AppLink>
          </Button>
          <Button size="lg" onClick={() => setEditing({})}>
            <Plus aria-hidden />
            {t('admin.movies.new')}
          </Button>
        </div>
      </div>
      <DataTable
        columns={columns}
        data={movies.data}
        meta={movies.meta}
        searchPlaceholder={t('admin.movies.search')}
        sorted={loaderData.sorted}
        emptyTitle={t('admin.movies.emptyTitle')}
        emptyText={t('admin.movies.emptyText')}
        bulkActions={(selected, clear) => (
          <BulkBar selected={selected} clear={clear} data={loaderData} />
        )}
        filters={[
          termFilter('genre', t('admin.movies.form.genres'), loaderData.genres),
          termFilter('type', t('admin.movies.columns.type'), loaderData.types),
          termFilter('nation', t('admin.movies.form.nations'), loaderData.nations),
          {
            name: 'status',
            label: t('admin.movies.columns.status'),
            options: choices(MOVIE_STATUSES, (status) => t(`admin.movies.status.${status}`)),
          },
          {
            name: 'published',
            label: t('admin.movies.form.published'),
            options: [
              { value: 'true', label: t('admin.movies.publishedYes') },
              { value: 'false', label: t('admin.movies.draft') },
            ],
          },
        ]}
      />
      {editing ? (
        <MovieForm movie={editing.movie} data={loaderData} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <DeleteDialog
          title={t('admin.movies.trashTitle', { name: deleting.title })}
          description={t('admin.movies.trashText', { count: loaderData.trash.days })}
          confirmLabel={t('admin.movies.moveToTrash')}
          remove={() => api.delete(`/admin/movies/${deleting.id}`)}
          done={t('admin.movies.trashed', { name: deleting.title })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
