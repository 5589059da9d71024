// `/vnwa/setting/backup`: back up now (with the media files if asked), follow the progress, download, upload,
// restore (typing the site's name) and delete backups; the daily schedule and the free disk (decision 045).
import { DatabaseBackup, Download, RotateCcw, Trash2, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { DeleteDialog } from '#app/components/delete-dialog.tsx';
import {
  actionsColumn,
  choices,
  DataTable,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button, buttonVariants } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { CheckboxField, TextField } from '#app/components/ui/input.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate, formatFileSize } from '#app/lib/format.ts';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useSiteInfo } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { BACKUP_ORIGINS, backupsQuery, type BackupOrigin } from '#shared/backups.ts';
import type { Route } from './+types/backups';

export const handle: RouteHandle = { title: 'admin.pages.backup' };

type Backup = {
  id: string;
  name: string;
  origin: BackupOrigin;
  media: boolean;
  size: number;
  created_at: string;
};
type Task = { kind: 'backup' | 'restore'; name: string; progress: number };
type End = { kind: Task['kind']; name: string; ok: boolean; error?: string };

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const { backups } = services;
  const query = backupsQuery.page.parse(Object.fromEntries(new URL(request.url).searchParams));
  const search = query.search?.toLowerCase();
  const all = (await backups.list())
    .filter(
      (b) => (!search || b.name.includes(search)) && (!query.origin || b.origin === query.origin),
    )
    .sort((a, b) => {
      const by = query.sort === 'size' ? a.size - b.size : a.createdAt.localeCompare(b.createdAt);
      return query.order === 'asc' ? by : -by;
    });
  const lastPage = Math.max(1, Math.ceil(all.length / query.per_page));
  const page = Math.min(query.page, lastPage);
  const { task } = backups.status();
  return {
    backups: {
      data: all.slice((page - 1) * query.per_page, page * query.per_page).map((b): Backup => ({
        id: b.name,
        name: b.name,
        origin: b.origin,
        media: b.media,
        size: b.size,
        created_at: b.createdAt,
      })),
      meta: { page, per_page: query.per_page, total: all.length, last_page: lastPage },
    },
    sorted: { sort: query.sort, order: query.order },
    task: task && { kind: task.kind, name: task.name, progress: task.progress },
    disk: await backups.disk(),
    keep: backups.keep,
  };
});

/** The running task: from the loader, then the socket's events, with a poll of the status as a fallback. */
function useBackupTask(initial: Task | null) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [task, setTask] = useState<Task | null>(initial);
  // The task as last rendered, for the socket's and the poll's callbacks (one end is said once).
  const running = useRef(task);
  const finished = useRef(async (_end: End) => {});
  useEffect(() => {
    running.current = task;
  });
  useEffect(() => {
    finished.current = async (end: End) => {
      if (!running.current) return;
      running.current = null;
      setTask(null);
      if (!end.ok) {
        toast.error(t(`backups.failed.${end.kind}`, { error: end.error ?? '' }));
      } else if (end.kind === 'backup') {
        toast.success(t('backups.created', { name: end.name }));
      } else {
        // The restored database may not hold this admin's session.
        const signedIn = await api.get('/user').then(
          () => true,
          () => false,
        );
        if (!signedIn) {
          toast.info(t('backups.signedOut'));
          await navigate('/vnwa/login');
          return;
        }
        toast.success(t('backups.restored', { name: end.name }));
      }
      await revalidator.revalidate();
    };
  });

  useRealtimeEvent<Task>('backup.progress', (payload) => setTask(payload));
  useRealtimeEvent<End>('backup.finished', (payload) => void finished.current(payload));

  const busy = task !== null;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      void api
        .get<{ task: Task | null; last: End | null }>('/admin/backups/status')
        .then((status) => {
          if (status.task) setTask(status.task);
          else if (status.last) void finished.current(status.last);
        })
        .catch(() => undefined);
    }, 3000);
    return () => clearInterval(timer);
  }, [busy, api]);

  return [task, setTask] as const;
}

/** The server's refusal of a backup file in the admin's language (the API words it in English). */
function useBackupErrorMessage() {
  const { t } = useTranslation();
  const general = useErrorMessage();
  return (error: unknown) =>
    isApiError(error) && error.code.startsWith('backup_')
      ? t(`backups.errors.${error.code}`, { defaultValue: error.message })
      : general(error);
}

function ProgressBar({ task }: { task: Task }) {
  const { t } = useTranslation();
  const percent = Math.round(task.progress * 100);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium">
          {task.kind === 'restore'
            ? t('backups.restoring', { name: task.name })
            : t('backups.running.backup')}
        </span>
        <span className="tabular-nums">{t('backups.percent', { percent })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('backups.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
      >
        <div
          className="h-full rounded-full bg-primary-600 transition-[width] dark:bg-primary-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

type Dialogs = { kind: 'restore' | 'delete'; backup: Backup } | null;

export default function Backups({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const { siteName } = useSiteInfo();
  const revalidator = useRevalidator();
  const errorMessage = useBackupErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [task, setTask] = useBackupTask(loaderData.task);
  const [media, setMedia] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [typed, setTyped] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const { backups, sorted, disk, keep } = loaderData;
  const busy = task !== null || uploading;

  const backUp = async () => {
    try {
      const started = await api.post<{ task: { kind: 'backup'; name: string } }>('/admin/backups', {
        media,
      });
      setTask((current) => current ?? { ...started.task, progress: 0 });
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
  };

  const uploadFile = async (file: File) => {
    setUploading(true);
    const form = new FormData();
    form.set('file', file);
    try {
      const { backup } = await api.post<{ backup: Backup }>('/admin/backups/upload', form);
      toast.success(t('backups.uploaded', { name: backup.name }));
      await revalidator.revalidate();
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
    setUploading(false);
  };

  const columns = useMemo<DataTableColumn<Backup>[]>(
    () => [
      {
        id: 'created_at',
        header: t('backups.columns.time'),
        meta: { sortKey: 'created_at', sortDescFirst: true, className: 'whitespace-nowrap' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium tabular-nums">
              {formatDate(row.original.created_at, { time: true })}
            </span>
            <span className="text-xs break-all text-neutral-500 dark:text-neutral-400">
              {row.original.name}
            </span>
          </span>
        ),
      },
      {
        id: 'kind',
        header: t('backups.columns.kind'),
        meta: { card: 'inline' },
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            <Badge tone={row.original.media ? 'primary' : 'neutral'}>
              {t(row.original.media ? 'backups.kind.media' : 'backups.kind.db')}
            </Badge>
            <Badge tone={row.original.origin === 'daily' ? 'info' : 'neutral'}>
              {t(`backups.origin.${row.original.origin}`)}
            </Badge>
          </span>
        ),
      },
      {
        id: 'size',
        header: t('backups.columns.size'),
        meta: { sortKey: 'size', sortDescFirst: true, className: 'whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatFileSize(row.original.size),
      },
      actionsColumn(
        t('backups.columns.actions'),
        ({ row }) => (
          <div className="flex flex-wrap gap-1 sm:justify-end">
            <a
              href={`/api/admin/backups/${encodeURIComponent(row.original.name)}/download`}
              download
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              aria-label={t('backups.downloadNamed', { name: row.original.name })}
            >
              <Download aria-hidden />
              {t('backups.download')}
            </a>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => {
                setError(null);
                setTyped('');
                setDialog({ kind: 'restore', backup: row.original });
              }}
              aria-label={t('backups.restoreNamed', { name: row.original.name })}
            >
              <RotateCcw aria-hidden />
              {t('backups.restore')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 dark:text-red-400"
              disabled={task?.name === row.original.name}
              onClick={() => setDialog({ kind: 'delete', backup: row.original })}
              aria-label={t('backups.deleteNamed', { name: row.original.name })}
            >
              <Trash2 aria-hidden />
              {t('backups.delete')}
            </Button>
          </div>
        ),
        { card: 'inline', className: 'py-2 text-right whitespace-nowrap' },
      ),
    ],
    [t, busy, task, setError],
  );

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <p className="max-w-3xl text-sm text-neutral-600 dark:text-neutral-400">
        {t('backups.intro')}
      </p>
      <section className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <CheckboxField
              label={t('backups.withMedia')}
              checked={media}
              disabled={busy}
              onChange={(event) => setMedia(event.currentTarget.checked)}
            />
            <p className="pl-6.5 text-xs text-neutral-500 dark:text-neutral-400">
              {t('backups.withMediaHint')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="md" disabled={busy} onClick={() => void backUp()}>
              <DatabaseBackup aria-hidden />
              {t('backups.create')}
            </Button>
            <Button
              variant="outline"
              size="md"
              disabled={busy}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden />
              {uploading ? t('backups.uploading') : t('backups.upload')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".phim-backup,application/gzip"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void uploadFile(file);
              }}
            />
          </div>
        </div>
        {task ? <ProgressBar task={task} /> : null}
        <div className="flex flex-col gap-1 text-sm text-neutral-600 dark:text-neutral-400">
          <p>{t('backups.schedule', { count: keep })}</p>
          <p>
            {t('backups.disk', {
              free: formatFileSize(disk.free),
              total: formatFileSize(disk.total),
            })}
          </p>
        </div>
        {disk.low ? (
          <Alert tone="warning">{t('backups.diskLow', { free: formatFileSize(disk.free) })}</Alert>
        ) : null}
      </section>
      <DataTable
        columns={columns}
        data={backups.data}
        meta={backups.meta}
        sorted={sorted}
        searchPlaceholder={t('backups.search')}
        filters={[
          {
            name: 'origin',
            label: t('backups.filterOrigin'),
            options: choices(BACKUP_ORIGINS, (origin) => t(`backups.origin.${origin}`)),
          },
        ]}
        emptyTitle={t('backups.emptyTitle')}
        emptyText={t('backups.emptyText')}
      />
      {dialog?.kind === 'restore' ? (
        <ConfirmDialog
          onClose={() => setDialog(null)}
          title={t('backups.restoreTitle', {
            date: formatDate(dialog.backup.created_at, { time: true }),
          })}
          description={t('backups.restoreText')}
          confirmLabel={t('backups.restore')}
          onConfirm={async () => {
            if (typed.trim() !== siteName) {
              setError(t('backups.mismatch', { site: siteName }));
              throw new Error('mismatch');
            }
            // Not the usual confirm-then-reload: the site is in maintenance until the restore ends.
            try {
              await api.post(`/admin/backups/${encodeURIComponent(dialog.backup.name)}/restore`, {
                confirm: typed,
              });
            } catch (caught) {
              setError(errorMessage(caught));
              throw caught;
            }
            setTask({ kind: 'restore', name: dialog.backup.name, progress: 0 });
          }}
        >
          <TextField
            label={t('backups.restoreType', { site: siteName })}
            value={typed}
            autoComplete="off"
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog
          onClose={() => setDialog(null)}
          title={t('backups.deleteTitle', {
            date: formatDate(dialog.backup.created_at, { time: true }),
          })}
          description={t('backups.deleteText')}
          remove={() => api.delete(`/admin/backups/${encodeURIComponent(dialog.backup.name)}`)}
          done={t('backups.deleted')}
        />
      ) : null}
    </div>
  );
}
