// What the two trash screens share (videos, decision 011; movies, decision 052): restore and delete-forever
// buttons in each row, an "Empty the trash" button, and the two confirmations. Each screen gives its API paths,
// the name of a row, and the prefix of its texts (`admin.videos.trash`, `admin.movies.trash`), whose keys are
// the same under both.
import { RotateCcw, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { actionsColumn, type DataTableColumn } from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction, useConfirmAction } from '#app/lib/use-admin-action.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

type TrashRow = { id: number | string };

export type TrashOptions<Row extends TrashRow> = {
  /** The texts' prefix, e.g. `admin.movies.trash`. */
  texts: string;
  /** The list's API path: `POST {path}/{id}/restore`, `DELETE {path}/trash/{id}`, `DELETE {path}/trash`. */
  path: string;
  name: (row: Row) => string;
  /** Rows in the trash, all pages: the empty button is off at 0, and the confirmation says how many go. */
  total: number;
  /** The actions column's header. */
  actionsHeader: string;
};

type Dialog<Row> = { kind: 'destroy'; row: Row } | { kind: 'empty' } | null;

/** The row actions column, the "Empty the trash" button and the confirmations of a trash screen. */
export function useTrash<Row extends TrashRow>({
  texts,
  path,
  name,
  total,
  actionsHeader,
}: TrashOptions<Row>): {
  column: DataTableColumn<Row>;
  emptyButton: ReactNode;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const [dialog, setDialog] = useState<Dialog<Row>>(null);
  const { error, setError, confirm } = useConfirmAction();
  const text = (key: string, values?: Record<string, unknown>) => t(`${texts}.${key}`, values);

  const column = useMemo(
    () =>
      actionsColumn<Row>(
        actionsHeader,
        ({ row }) => (
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              title={t(`${texts}.restore`)}
              aria-label={t(`${texts}.restoreNamed`, { name: name(row.original) })}
              onClick={() =>
                void act(
                  () => api.post(`${path}/${row.original.id}/restore`),
                  t(`${texts}.restored`, { name: name(row.original) }),
                ).catch(() => undefined)
              }
            >
              <RotateCcw aria-hidden />
              {/* Icons alone from 640 to 1536 px: two labelled buttons would push the row off a laptop's screen. */}
              <span className="sm:max-2xl:hidden">{t(`${texts}.restore`)}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 dark:text-red-400"
              title={t(`${texts}.destroy`)}
              aria-label={t(`${texts}.destroyNamed`, { name: name(row.original) })}
              onClick={() => {
                setError(null);
                setDialog({ kind: 'destroy', row: row.original });
              }}
            >
              <Trash2 aria-hidden />
              <span className="sm:max-2xl:hidden">{t(`${texts}.destroy`)}</span>
            </Button>
          </div>
        ),
        // On phones two buttons beside the title would squeeze it away: they go under it.
        { card: 'inline', className: 'py-2 text-right whitespace-nowrap' },
      ),
    [t, api, act, setError, texts, path, name, actionsHeader],
  );

  const emptyButton = (
    <Button
      variant="outline"
      size="md"
      className="self-start text-red-700 dark:text-red-400"
      disabled={!total}
      onClick={() => {
        setError(null);
        setDialog({ kind: 'empty' });
      }}
    >
      <Trash2 aria-hidden />
      {text('empty')}
    </Button>
  );

  const failure = error ? <Alert tone="error">{error}</Alert> : null;
  const dialogs =
    dialog?.kind === 'destroy' ? (
      <ConfirmDialog
        onClose={() => setDialog(null)}
        title={text('destroyTitle', { name: name(dialog.row) })}
        description={text('destroyText')}
        confirmLabel={text('destroy')}
        onConfirm={() =>
          confirm(
            () => api.delete(`${path}/trash/${dialog.row.id}`),
            text('destroyed', { name: name(dialog.row) }),
          )
        }
      >
        {failure}
      </ConfirmDialog>
    ) : dialog?.kind === 'empty' ? (
      <ConfirmDialog
        onClose={() => setDialog(null)}
        title={text('emptyConfirm')}
        description={text('emptyConfirmText', { count: total })}
        confirmLabel={text('empty')}
        onConfirm={() => confirm(() => api.delete(`${path}/trash`), text('emptied'))}
      >
        {failure}
      </ConfirmDialog>
    ) : null;

  return { column, emptyButton, dialogs };
}

/** The trash screen's top: what the trash is for, and the "Empty the trash" button. */
export function TrashIntro({
  children,
  emptyButton,
}: {
  children: ReactNode;
  emptyButton: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <p className="max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{children}</p>
      {emptyButton}
    </div>
  );
}
