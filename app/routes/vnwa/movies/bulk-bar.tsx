// The Movie Manager's bar of bulk actions, over the table while movies are selected.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { Select } from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Movie, MoviesData, TermOption } from './route.tsx';

/** The actions on the selected movies: publish, unpublish, set the type, add a genre, delete (asked first). */
export function BulkBar({
  selected,
  clear,
  data,
}: {
  selected: Movie[];
  clear: () => void;
  data: MoviesData;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = selected.map((movie) => movie.id);
  async function run(body: Record<string, unknown>) {
    try {
      const answer = await api.post<{ affected: number }>('/admin/movies/bulk', { ...body, ids });
      toast.success(t('admin.movies.bulk.done', { count: answer.affected }));
      clear();
      await revalidator.revalidate();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  }
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void run({ action: 'publish' }).catch(() => undefined)}
      >
        {t('admin.movies.bulk.publish')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void run({ action: 'unpublish' }).catch(() => undefined)}
      >
        {t('admin.movies.bulk.unpublish')}
      </Button>
      <Select
        className="h-8 w-auto text-sm"
        aria-label={t('admin.movies.bulk.setType')}
        value=""
        onChange={(event) =>
          event.target.value &&
          void run({ action: 'set_type', type_id: Number(event.target.value) }).catch(
            () => undefined,
          )
        }
      >
        <option value="">{t('admin.movies.bulk.setType')}</option>
        {data.types.map((type: TermOption) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </Select>
      <Select
        className="h-8 w-auto text-sm"
        aria-label={t('admin.movies.bulk.addGenre')}
        value=""
        onChange={(event) =>
          event.target.value &&
          void run({ action: 'add_genre', genre_id: Number(event.target.value) }).catch(
            () => undefined,
          )
        }
      >
        <option value="">{t('admin.movies.bulk.addGenre')}</option>
        {data.genres.map((genre: TermOption) => (
          <option key={genre.id} value={genre.id}>
            {genre.name}
          </option>
        ))}
      </Select>
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 dark:text-red-400"
        onClick={() => setConfirmDelete(true)}
      >
        <Trash2 aria-hidden />
        {t('admin.users.delete.open')}
      </Button>
      {confirmDelete ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirmDelete}
          title={t('admin.movies.bulk.deleteTitle', { count: ids.length })}
          description={t('admin.movies.deleteText')}
          confirmLabel={t('admin.users.delete.submit')}
          onConfirm={() => run({ action: 'delete' })}
        />
      ) : null}
    </>
  );
}
