// The dialogs of Local Files: a name (new folder, rename), a folder to move into, the delete question (how many,
// and a warning for what the site uses), and an image's preview with its size and address.
import { ChevronRight, Copy, Folder } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Img } from '#app/components/image.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { FormActions } from '#app/components/form-actions.tsx';
import { TextField } from '#app/components/ui/input.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate, formatFileSize } from '#app/lib/format.ts';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { WRITABLE_AREA, type FileEntry, type FileListing } from '#shared/local-files.ts';

const FILE_ERRORS = new Set(['file_in_use', 'name_taken', 'read_only', 'unsafe_path', 'too_large']);

/** The server's refusal in the admin's language where Local Files knows the code; a refused upload says why. */
export function useFileErrorMessage() {
  const { t } = useTranslation();
  const general = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && FILE_ERRORS.has(error.code))
        return t(`localFiles.errors.${error.code}`);
      if (isApiError(error) && error.status === 422 && error.fields.files)
        return `${t('localFiles.errors.notTaken')} ${error.fields.files}`;
      return general(error);
    },
    [t, general],
  );
}

/** The address to share: the site's own origin and the `/storage/…` path. */
export async function copyFileUrl(url: string, t: (key: string) => string) {
  const absolute = new URL(url, window.location.origin).href;
  try {
    await navigator.clipboard.writeText(absolute);
    toast.success(t('localFiles.copied'));
  } catch {
    toast.info(absolute);
  }
}

/** A name to type: a new folder's, or a new one for a file or folder. The server's refusal stays by the field. */
export function NameDialog({
  title,
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: ReactNode;
  initial?: string;
  submitLabel: ReactNode;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useFileErrorMessage();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent title={title}>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
            if (!name) return setError(t('localFiles.nameRequired'));
            setPending(true);
            setError(undefined);
            try {
              await onSubmit(name);
              onClose();
            } catch (caught) {
              setError(
                isApiError(caught) && caught.fields.name
                  ? caught.fields.name
                  : errorMessage(caught),
              );
            } finally {
              setPending(false);
            }
          }}
        >
          <TextField
            label={t('localFiles.name')}
            name="name"
            defaultValue={initial}
            maxLength={120}
            autoFocus
            autoComplete="off"
            error={error}
            hint={t('localFiles.nameHint')}
          />
          <FormActions className="mt-6" pending={pending} submitLabel={submitLabel} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Where to move the selection: the folders of Files, one level at a time. */
export function MoveDialog({
  entries,
  from,
  onMoved,
  onClose,
}: {
  entries: FileEntry[];
  /** Where the dialog opens: the folder the browser shows. */
  from: string;
  onMoved: () => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useFileErrorMessage();
  const [folder, setFolderState] = useState(from.startsWith(WRITABLE_AREA) ? from : WRITABLE_AREA);
  const [folders, setFolders] = useState<FileEntry[] | null>(null);
  const setFolder = (next: string) => {
    setFolders(null);
    setFolderState(next);
  };
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<FileListing>('/admin/files', { query: { path: folder } })
      .then((listing) => live && setFolders(listing.entries.filter((e) => e.kind === 'folder')))
      .catch((caught: unknown) => live && setError(errorMessage(caught)));
    return () => {
      live = false;
    };
  }, [api, folder, errorMessage]);
  const moving = new Set(entries.map((entry) => entry.path));
  const crumbs = folder.split('/');
  return (
    <ConfirmDialog
      onClose={onClose}
      destructive={false}
      title={t('localFiles.moveTitle', { count: entries.length })}
      confirmLabel={t('localFiles.moveHere')}
      onConfirm={async () => {
        setError(null);
        try {
          const { moved } = await api.post<{ moved: number }>('/admin/files/move', {
            paths: entries.map((entry) => entry.path),
            to: folder,
          });
          toast.success(t('localFiles.moved', { count: moved }));
        } catch (caught) {
          setError(errorMessage(caught));
          throw caught;
        }
        await onMoved();
      }}
    >
      <nav
        aria-label={t('localFiles.moveTo')}
        className="mb-3 flex flex-wrap items-center gap-1 text-sm"
      >
        {crumbs.map((name, index) => (
          <span key={index} className="flex items-center gap-1">
            {index ? <ChevronRight aria-hidden className="size-3.5 text-neutral-400" /> : null}
            <button
              type="button"
              className="rounded px-1.5 py-0.5 font-medium hover:bg-neutral-100 dark:hover:bg-neutral-800"
              aria-current={index === crumbs.length - 1 ? 'location' : undefined}
              onClick={() => setFolder(crumbs.slice(0, index + 1).join('/'))}
            >
              {index === 0 ? t('localFiles.areas.files') : name}
            </button>
          </span>
        ))}
      </nav>
      <ul
        aria-label={t('localFiles.folders')}
        aria-busy={folders === null}
        className="flex max-h-64 min-h-24 flex-col gap-1 overflow-y-auto rounded-xl border border-neutral-200 p-1.5 dark:border-neutral-800"
      >
        {folders === null ? (
          <li className="p-3 text-sm text-neutral-500">{t('localFiles.loading')}</li>
        ) : folders.length === 0 ? (
          <li className="p-3 text-sm text-neutral-500 dark:text-neutral-400">
            {t('localFiles.noSubfolders')}
          </li>
        ) : (
          folders.map((entry) => (
            <li key={entry.path}>
              <button
                type="button"
                disabled={moving.has(entry.path)}
                onClick={() => setFolder(entry.path)}
                className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-neutral-100 disabled:opacity-50 dark:hover:bg-neutral-800"
              >
                <Folder aria-hidden className="size-4 text-primary-600 dark:text-primary-400" />
                <span className="truncate">{entry.name}</span>
              </button>
            </li>
          ))
        )}
      </ul>
      <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
        {t('localFiles.moveInto', { folder })}
      </p>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

/** "Delete N items?", with a warning (and the force it needs) when the site uses some of them. */
export function DeleteFilesDialog({
  entries,
  onDeleted,
  onClose,
}: {
  entries: FileEntry[];
  onDeleted: () => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useFileErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const used = entries.filter((entry) => entry.used).length;
  const title =
    entries.length === 1
      ? t('localFiles.deleteOne', { name: entries[0]!.name })
      : t('localFiles.deleteMany', { count: entries.length });
  return (
    <ConfirmDialog
      onClose={onClose}
      title={title}
      description={t('localFiles.deleteText', { count: entries.length })}
      confirmLabel={t('localFiles.delete')}
      onConfirm={async () => {
        setError(null);
        try {
          const { deleted } = await api.post<{ deleted: number }>('/admin/files/delete', {
            paths: entries.map((entry) => entry.path),
            force: used > 0,
          });
          toast.success(t('localFiles.deleted', { count: deleted }));
        } catch (caught) {
          setError(errorMessage(caught));
          throw caught;
        }
        await onDeleted();
      }}
    >
      {used ? (
        <Alert tone="warning" title={t('localFiles.inUseTitle', { count: used })}>
          {t('localFiles.inUseText')}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

/** A picture at a readable size with its dimensions, weight, date and address. */
export function PreviewDialog({
  entry,
  onClose,
  action,
}: {
  entry: FileEntry;
  onClose: () => void;
  /** A button beside Copy URL (the picker's "Use this picture"). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={entry.name} className="max-w-3xl">
        <div className="grid place-items-center overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-800">
          {entry.url ? (
            <Img
              src={entry.url}
              width={960}
              height={
                entry.width && entry.height ? Math.round((960 * entry.height) / entry.width) : 540
              }
              alt={entry.name}
              className="max-h-[60dvh] w-auto object-contain"
            />
          ) : null}
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-500 dark:text-neutral-400">{t('localFiles.dimensions')}</dt>
          <dd data-testid="preview-dimensions">
            {entry.width && entry.height ? `${entry.width} × ${entry.height} px` : '—'}
          </dd>
          <dt className="text-neutral-500 dark:text-neutral-400">{t('localFiles.size')}</dt>
          <dd>{formatFileSize(entry.size)}</dd>
          <dt className="text-neutral-500 dark:text-neutral-400">{t('localFiles.modified')}</dt>
          <dd>{formatDate(entry.modified_at, { time: true })}</dd>
          <dt className="text-neutral-500 dark:text-neutral-400">{t('localFiles.address')}</dt>
          <dd className="break-all font-mono text-xs">{entry.url}</dd>
        </dl>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {entry.url ? (
            <Button variant="outline" size="lg" onClick={() => void copyFileUrl(entry.url!, t)}>
              <Copy aria-hidden />
              {t('localFiles.copyUrl')}
            </Button>
          ) : null}
          {action}
        </div>
      </DialogContent>
    </Dialog>
  );
}
