// `/vnwa/vmedia/video-manager/trash`, the videos in the trash: when each went and when the hourly purge deletes it
// for good; restore one, delete one forever, or empty the whole trash (both asked first).
import { RotateCcw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { actionsColumn, type DataTableColumn } from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { type AdminVideo, VideoTable, videoColumns } from '#app/components/videos/video-cells.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { trashQuery } from '#shared/admin-queries.ts';
import type { Route } from './+types/videos-trash';
import { useAdminAction, useConfirmAction } from '#app/lib/use-admin-action.ts';

export const handle: RouteHandle = { title: 'admin.pages.trash' };

const DAY_MS = 24 * 60 * 60 * 1000;

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const { list: videos, sorted } = await loadAdminList(request, trashQuery.page, (query) =>
    services.videos.listTrash(query),
  );
  return { videos, sorted };
});

type Dialogs = { kind: 'destroy'; video: AdminVideo } | { kind: 'empty' } | null;

export default function VideoTrash({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { error, setError, confirm } = useConfirmAction();
  const { videos, sorted } = loaderData;
  const rows = videos.data as AdminVideo[];
  // The retention the server applies, read back from a row (purge_at − deleted_at).
  const sample = rows.find((video) => video.deleted_at && video.purge_at);
  const days = sample
    ? Math.round((Date.parse(sample.purge_at!) - Date.parse(sample.deleted_at!)) / DAY_MS)
    : null;

  const columns = useMemo<DataTableColumn<AdminVideo>[]>(() => {
    const restore = (video: AdminVideo) =>
      act(
        () => api.post(`/admin/videos/${video.id}/restore`),
        t('admin.videos.trash.restored', { name: video.name }),
      ).catch(() => undefined);
    const shared = videoColumns(t);
    return [
      shared.name,
      ...shared.facts,
      {
        id: 'updated_at',
        header: t('admin.videos.columns.deleted'),
        meta: {
          sortKey: 'updated_at',
          sortDescFirst: true,
          className: 'whitespace-nowrap tabular-nums',
        },
        cell: ({ row }) => (
          <span className="flex flex-col text-sm">
            <span>{formatDate(row.original.deleted_at ?? '', { time: true })}</span>
            {row.original.purge_at ? (
              <span className="text-xs text-neutral-500 dark:text-neutral-400">
                {t('admin.videos.trash.purgeOn', { date: formatDate(row.original.purge_at) })}
              </span>
            ) : null}
          </span>
        ),
      },
      actionsColumn(
        t('admin.videos.columns.actions'),
        ({ row }) => (
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void restore(row.original)}
              aria-label={t('admin.videos.trash.restoreNamed', { name: row.original.name })}
              title={t('admin.videos.trash.restore')}
            >
              <RotateCcw aria-hidden />
              {/* Icons alone from 640 to 1536 px: two labelled buttons would push the row off a laptop's screen. */}
              <span className="sm:max-2xl:hidden">{t('admin.videos.trash.restore')}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 dark:text-red-400"
              onClick={() => {
                setError(null);
                setDialog({ kind: 'destroy', video: row.original });
              }}
              aria-label={t('admin.videos.trash.destroyNamed', { name: row.original.name })}
              title={t('admin.videos.trash.destroy')}
            >
              <Trash2 aria-hidden />
              <span className="sm:max-2xl:hidden">{t('admin.videos.trash.destroy')}</span>
            </Button>
          </div>
        ),
        // On phones two buttons beside the title would squeeze it away: they go under it.
        { card: 'inline', className: 'py-2 text-right whitespace-nowrap' },
      ),
    ];
  }, [t, api, act, setError]);

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">
          {days
            ? t('admin.videos.trash.intro', { count: days })
            : t('admin.videos.trash.introPlain')}
        </p>
        <Button
          variant="outline"
          size="md"
          className="self-start text-red-700 dark:text-red-400"
          disabled={!videos.meta.total}
          onClick={() => {
            setError(null);
            setDialog({ kind: 'empty' });
          }}
        >
          <Trash2 aria-hidden />
          {t('admin.videos.trash.empty')}
        </Button>
      </div>
      <VideoTable
        columns={columns}
        rows={rows}
        meta={videos.meta}
        sorted={sorted}
        emptyTitle={t('admin.videos.trash.emptyTitle')}
        emptyText={t('admin.videos.trash.emptyText')}
      />
      {dialog?.kind === 'destroy' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('admin.videos.trash.destroyTitle', { name: dialog.video.name })}
          description={t('admin.videos.trash.destroyText')}
          confirmLabel={t('admin.videos.trash.destroy')}
          onConfirm={() =>
            confirm(
              () => api.delete(`/admin/videos/trash/${dialog.video.id}`),
              t('admin.videos.trash.destroyed', { name: dialog.video.name }),
            )
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'empty' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('admin.videos.trash.emptyConfirm')}
          description={t('admin.videos.trash.emptyConfirmText', { count: videos.meta.total })}
          confirmLabel={t('admin.videos.trash.empty')}
          onConfirm={() =>
            confirm(() => api.delete('/admin/videos/trash'), t('admin.videos.trash.emptied'))
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
