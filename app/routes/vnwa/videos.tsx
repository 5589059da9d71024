// `/vnwa/vmedia/video-manager/list`, the Video Manager: uploads (tus), then the videos with search, status filter,
// sort and pages; rename, preview in the player, attach to an episode, retry, cancel, and delete to the trash (a
// video that episodes play asks again before it goes). Transcoding progress arrives over the realtime socket, without a reload.
import { Ban, Link2, Pencil, PlayCircle, RotateCcw, Trash2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import {
  actionsColumn,
  dateColumn,
  RowActionsButton,
  choices,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormDialog, useDialogForm } from '#app/components/form-dialog.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import {
  ActionsMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '#app/components/ui/dropdown-menu.tsx';
import { TextField } from '#app/components/ui/input.tsx';
import { AttachDialog } from '#app/components/videos/attach-dialog.tsx';
import {
  VideoStatusBadge,
  type AdminVideo,
  videoColumns,
  VideoTable,
} from '#app/components/videos/video-cells.tsx';
import { VideoUploader } from '#app/components/videos/video-uploader.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { useAdminAction, useConfirmAction } from '#app/lib/use-admin-action.ts';
import { isApiError } from '#app/lib/api.ts';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { videosQuery } from '#shared/admin-queries.ts';
import { VIDEO_STATUSES, type VideoStatus } from '#shared/catalog.ts';
import type { Route } from './+types/videos';

// The player (hls.js, Media Chrome: about 140 KB brotli) loads with the first preview, not with the list
// (decision 056).
const Player = lazy(() =>
  import('#app/components/player/player.tsx').then((module) => ({ default: module.Player })),
);

export const handle: RouteHandle = { title: 'admin.pages.videoManager' };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const { list: videos, sorted } = await loadAdminList(request, videosQuery.page, (query) =>
    services.videos.list(query),
  );
  return { videos, sorted };
});

type Dialogs = { kind: 'rename' | 'preview' | 'attach' | 'delete'; video: AdminVideo } | null;
type Live = {
  status: VideoStatus;
  progress: number;
  remaining?: number | null;
  failure_reason?: string | null;
};

function RenameDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const form = useDialogForm({
    check: (values, rules) => ({ name: rules.required(values.name) }),
    submit: (values) => api.patch(`/admin/videos/${video.id}`, { name: values.name!.trim() }),
    done: t('admin.videos.rename.done'),
    onClose,
  });
  return (
    <FormDialog title={t('admin.videos.rename.title')} onClose={onClose} form={form}>
      <TextField
        label={t('form.name')}
        {...form.field('name')}
        defaultValue={video.name}
        maxLength={200}
      />
    </FormDialog>
  );
}

function PreviewDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={video.name} className="max-w-4xl p-4 sm:p-6">
        <div className="overflow-hidden rounded-xl bg-black" data-testid="video-preview">
          <Suspense fallback={<div className="aspect-video" />}>
            <Player
              source={{ type: 'hls', url: video.master_url }}
              poster={video.poster_url}
              title={video.name}
              autoPlay
            />
          </Suspense>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Delete to the trash; when episodes play it, the server answers 409 and the dialog names them. */
function DeleteDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const { error, confirm } = useConfirmAction();
  const [inUse, setInUse] = useState<string | null>(null);
  const names = video.episodes.map((e) => `${e.movie_title} · ${e.name}`).join(', ');
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('admin.videos.delete.title', { name: video.name })}
      description={t('admin.videos.delete.text')}
      confirmLabel={inUse ? t('admin.videos.delete.anyway') : t('admin.videos.delete.submit')}
      onConfirm={() =>
        confirm(
          () =>
            api.delete(
              `/admin/videos/${video.id}`,
              undefined,
              inUse ? { query: { force: '1' } } : undefined,
            ),
          t('admin.videos.delete.done', { name: video.name }),
          (caught, message) => {
            if (!isApiError(caught) || caught.code !== 'video_in_use') return message;
            setInUse(
              names
                ? t('admin.videos.delete.inUse', { count: video.episodes.length, names })
                : caught.message,
            );
            return null;
          },
        )
      }
    >
      {inUse ? (
        <Alert tone="warning" title={t('admin.videos.delete.inUseTitle')}>
          {inUse}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </ConfirmDialog>
  );
}

function VideoActions({
  video,
  open,
  trigger,
}: {
  video: AdminVideo;
  open: (dialog: Dialogs) => void;
  trigger: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const run = (path: string, success: string) =>
    void act(() => api.post(`/admin/videos/${video.id}/${path}`), success).catch(() => undefined);
  return (
    <ActionsMenu trigger={trigger}>
      {video.status === 'ready' && video.master_url ? (
        <DropdownMenuItem onSelect={() => open({ kind: 'preview', video })}>
          <PlayCircle aria-hidden />
          {t('admin.videos.preview')}
        </DropdownMenuItem>
      ) : null}
      {video.status === 'ready' ? (
        <DropdownMenuItem onSelect={() => open({ kind: 'attach', video })}>
          <Link2 aria-hidden />
          {t('admin.videos.attach.open')}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem onSelect={() => open({ kind: 'rename', video })}>
        <Pencil aria-hidden />
        {t('admin.videos.rename.open')}
      </DropdownMenuItem>
      {video.status === 'failed' && video.can_retry ? (
        <DropdownMenuItem onSelect={() => run('retry', t('admin.videos.retried'))}>
          <RotateCcw aria-hidden />
          {t('admin.videos.retry')}
        </DropdownMenuItem>
      ) : null}
      {video.status === 'queued' || video.status === 'processing' ? (
        <DropdownMenuItem onSelect={() => run('cancel', t('admin.videos.cancelled'))}>
          <Ban aria-hidden />
          {t('admin.videos.cancel')}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem danger onSelect={() => open({ kind: 'delete', video })}>
        <Trash2 aria-hidden />
        {t('admin.videos.delete.open')}
      </DropdownMenuItem>
    </ActionsMenu>
  );
}

/** The dialog each menu entry opens, for one video. */
const dialogs = {
  rename: RenameDialog,
  preview: PreviewDialog,
  attach: AttachDialog,
  delete: DeleteDialog,
} satisfies Record<NonNullable<Dialogs>['kind'], unknown>;

export default function VideoManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const act = useAdminAction();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { videos, sorted } = loaderData;
  const Open = dialog ? dialogs[dialog.kind] : null;

  // What the socket said since the last load; a fresh load knows better and replaces it.
  const [live, setLive] = useState<Record<number, Live>>({});
  const [loadedFrom, setLoadedFrom] = useState(videos);
  if (loadedFrom !== videos) {
    setLoadedFrom(videos);
    setLive({});
  }
  useRealtimeEvent<{ videoId: number; progress: number; remaining: number | null }>(
    'video.progress',
    (event) =>
      setLive((map) => ({
        ...map,
        [event.videoId]: {
          status: 'processing',
          progress: event.progress,
          remaining: event.remaining,
        },
      })),
  );
  useRealtimeEvent<{ videoId: number }>('video.ready', (event) => {
    setLive((map) => ({ ...map, [event.videoId]: { status: 'ready', progress: 100 } }));
    void revalidator.revalidate();
  });
  useRealtimeEvent<{ videoId: number; reason: string }>('video.failed', (event) => {
    setLive((map) => ({
      ...map,
      [event.videoId]: { status: 'failed', progress: 0, failure_reason: event.reason },
    }));
    void revalidator.revalidate();
  });

  const rows = useMemo(
    () =>
      (videos.data as AdminVideo[]).map((video) =>
        live[video.id] ? { ...video, ...live[video.id] } : video,
      ),
    [videos.data, live],
  );

  const columns = useMemo<DataTableColumn<AdminVideo>[]>(() => {
    const shared = videoColumns(t);
    return [
      shared.name,
      {
        id: 'status',
        header: t('admin.videos.columns.status'),
        meta: { sortKey: 'status', card: 'inline' },
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            <VideoStatusBadge video={row.original} />
            {row.original.status === 'failed' && row.original.can_retry ? (
              <Button
                variant="soft"
                size="sm"
                className="h-7 px-2 text-xs"
                onClick={() =>
                  void act(
                    () => api.post(`/admin/videos/${row.original.id}/retry`),
                    t('admin.videos.retried'),
                  ).catch(() => undefined)
                }
              >
                <RotateCcw aria-hidden />
                {t('admin.videos.retry')}
              </Button>
            ) : null}
          </div>
        ),
      },
      ...shared.facts,
      dateColumn(t('admin.videos.columns.created'), 'created_at', (video) => video.created_at, {
        time: true,
        descFirst: true,
        className: 'whitespace-nowrap tabular-nums',
      }),
      actionsColumn(
        t('admin.videos.columns.actions'),
        ({ row }) => (
          <VideoActions
            video={row.original}
            open={setDialog}
            trigger={
              <RowActionsButton
                className="size-9"
                aria-label={t('admin.videos.actions', { name: row.original.name })}
              />
            }
          />
        ),
        { card: 'actions', className: 'w-12 py-2 text-right' },
      ),
    ];
  }, [t, act, api]);

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.videos.intro')}</p>
      <VideoUploader onUploaded={() => void revalidator.revalidate()} />
      <VideoTable
        columns={columns}
        rows={rows}
        meta={videos.meta}
        sorted={sorted}
        emptyTitle={t('admin.videos.emptyTitle')}
        emptyText={t('admin.videos.emptyText')}
        filters={[
          {
            name: 'status',
            label: t('admin.videos.columns.status'),
            options: choices(VIDEO_STATUSES, (status) => t(`admin.videos.status.${status}`)),
          },
        ]}
      />
      {Open && dialog ? <Open video={dialog.video} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
