// The Movie Manager's bar of bulk actions, over the table while movies are selected.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { Select } from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction } from '#app/lib/use-admin-action.ts';
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
  const act = useAdminAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = selected.map((movie) => movie.id);
  const run = (body: Record<string, unknown>) =>
    act(
      () => api.post<{ affected: number }>('/admin/movies/bulk', { ...body, ids }),
      (answer) => t('admin.movies.bulk.done', { count: answer.affected }),
      () => {
        clear();
        return revalidator.revalidate();
      },
    );
  // The bar's buttons and menus: a failure was told in a toast already.
  const fire = (body: Record<string, unknown>) => void run(body).catch(() => undefined);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => fire({ action: 'publish' })}>
        {t('admin.movies.bulk.publish')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => fire({ action: 'unpublish' })}>
        {t('admin.movies.bulk.unpublish')}
      </Button>
      <TermSelect
        label={t('admin.movies.bulk.setType')}
        options={data.types}
        onPick={(id) => fire({ action: 'set_type', type_id: id })}
      />
      <TermSelect
        label={t('admin.movies.bulk.addGenre')}
        options={data.genres}
        onPick={(id) => fire({ action: 'add_genre', genre_id: id })}
      />
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
          description={t('admin.movies.trashTextMany', { count: data.trash.days })}
          confirmLabel={t('admin.movies.moveToTrash')}
          onConfirm={() => run({ action: 'delete' })}
        />
      ) : null}
    </>
  );
}

/** A menu that acts as soon as a term is picked, then shows its label again. */
function TermSelect({
  label,
  options,
  onPick,
}: {
  label: string;
  options: TermOption[];
  onPick: (id: number) => void;
}) {
  return (
    <Select
      className="h-8 w-auto text-sm"
      aria-label={label}
      value=""
      onChange={(event) => event.target.value && onPick(Number(event.target.value))}
    >
      <option value="">{label}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </Select>
  );
}
