// The Local Files browser (decision 050), shared by the screen at /vnwa/vmedia/local-files and the picker dialog:
// breadcrumb folders, grid and list views, sort, search, multi-select, uploads by button or drop (one progress
// bar per file), new folder, rename, move, delete, copy URL, image preview and the "unused" badge and filter.
// Its place (folder, search, sort…) belongs to the caller: the URL on the screen, the dialog's state in a picker.
import {
  ArrowDownAZ,
  ArrowUpAZ,
  Check,
  ChevronRight,
  Copy,
  File as FileIcon,
  FileText,
  Folder,
  FolderInput,
  FolderOpen,
  FolderPlus,
  HardDrive,
  Image as ImageIcon,
  LayoutGrid,
  List,
  Pencil,
  Search,
  Subtitles,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { EmptyState } from '#app/components/list-states.tsx';
import { Img } from '#app/components/image.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '#app/components/ui/dropdown-menu.tsx';
import { Checkbox, Input, Select } from '#app/components/ui/input.tsx';
import { ProgressBar } from '#app/components/ui/progress-bar.tsx';
import { RowActionsMenu } from '#app/components/data-table/row-actions-button.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatDate, formatFileSize } from '#app/lib/format.ts';
import { toast } from '#app/lib/toast.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import {
  ACCEPT_ATTRIBUTE,
  FILE_SORTS,
  LOCAL_FILE_MAX_BYTES,
  type FileEntry,
  type FileKind,
  type FileListing,
  type FileSort,
} from '#shared/local-files.ts';
import {
  copyFileUrl,
  DeleteFilesDialog,
  MoveDialog,
  NameDialog,
  PreviewDialog,
  useFileErrorMessage,
} from './file-dialogs.tsx';
import { uploadToFolder } from './upload.ts';

export type BrowserPlace = {
  path: string;
  q: string;
  sort: FileSort;
  order: 'asc' | 'desc';
  unused: boolean;
  view: 'grid' | 'list';
};

export const DEFAULT_PLACE: BrowserPlace = {
  path: '',
  q: '',
  sort: 'name',
  order: 'asc',
  unused: false,
  view: 'grid',
};

/** What the API is asked for a place (the view is the screen's own). */
export const listQueryOf = (place: BrowserPlace) => ({
  path: place.path,
  q: place.q || undefined,
  sort: place.sort,
  order: place.order,
  unused: place.unused ? '1' : undefined,
});

type Uploading = {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
};

const KIND_ICONS: Record<FileKind, typeof FileIcon> = {
  folder: Folder,
  image: ImageIcon,
  subtitle: Subtitles,
  document: FileText,
  other: FileIcon,
};

type Dialog =
  | { kind: 'folder' }
  | { kind: 'rename'; entry: FileEntry }
  | { kind: 'move'; entries: FileEntry[] }
  | { kind: 'delete'; entries: FileEntry[] }
  | { kind: 'preview'; entry: FileEntry }
  | null;

export function FileBrowser({
  place,
  onPlace,
  initial,
  mode = 'manage',
  accept = 'any',
  onPick,
}: {
  place: BrowserPlace;
  onPlace: (change: Partial<BrowserPlace>) => void;
  /** The listing the page's loader read for `place`, so that the first paint needs no request. */
  initial?: FileListing;
  /** `pick`: a click on a file picks it (no selection, rename, move or delete); uploads still allowed. */
  mode?: 'manage' | 'pick';
  /** Which files show: images only, or every kind. */
  accept?: 'image' | 'any';
  onPick?: (entry: FileEntry) => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useFileErrorMessage();
  const picking = mode === 'pick';
  const queryKey = JSON.stringify(listQueryOf(place));
  // A reload after a change asks again for the same place: the version makes it another request.
  const [version, setVersion] = useState(0);
  const wanted = `${queryKey}#${version}`;
  const [fetched, setFetched] = useState<{ key: string; listing: FileListing | null }>({
    key: initial ? `${queryKey}#0` : '',
    listing: initial ?? null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [selectionKey, setSelectionKey] = useState(queryKey);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [uploads, setUploads] = useState<Uploading[]>([]);
  const [dragging, setDragging] = useState(false);
  const [search, setSearch] = useState(place.q);
  const [seenQuery, setSeenQuery] = useState(place.q);
  const input = useRef<HTMLInputElement>(null);
  const listing = fetched.listing;
  const loading = fetched.key !== wanted;

  // Another folder or search: nothing stays selected. A search changed elsewhere (a breadcrumb) shows in the box.
  if (selectionKey !== queryKey) {
    setSelectionKey(queryKey);
    setSelected(new Set());
  }
  if (seenQuery !== place.q) {
    setSeenQuery(place.q);
    setSearch(place.q);
  }

  useEffect(() => {
    if (fetched.key === wanted) return;
    let live = true;
    api
      .get<FileListing>('/admin/files', {
        query: JSON.parse(queryKey) as Record<string, string>,
      })
      .then((next) => {
        if (!live) return;
        setFetched({ key: wanted, listing: next });
        setFailure(null);
      })
      .catch((caught: unknown) => {
        if (!live) return;
        setFailure(errorMessage(caught));
        setFetched((current) => ({ key: wanted, listing: current.listing }));
      });
    return () => {
      live = false;
    };
  }, [api, wanted, queryKey, fetched.key, errorMessage]);

  const load = useCallback(() => {
    setSelected(new Set());
    setVersion((current) => current + 1);
  }, []);

  // What is typed searches 300 ms after the last key.
  useEffect(() => {
    const typed = search.trim();
    if (typed === place.q) return;
    const timer = setTimeout(() => onPlace({ q: typed }), 300);
    return () => clearTimeout(timer);
  }, [search, place.q, onPlace]);

  const entries = (listing?.entries ?? []).filter(
    (entry) => accept === 'any' || entry.kind === 'folder' || entry.kind === 'image',
  );
  const writable = listing?.writable ?? false;
  const chosen = entries.filter((entry) => selected.has(entry.path));
  const busy = loading || uploads.some((item) => !item.done && !item.error);

  const toggle = (path: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  async function send(files: File[]) {
    if (!writable || !listing) {
      toast.error(t('localFiles.readOnly'));
      return;
    }
    const folder = listing.path;
    const items = files.map((file) => ({
      file,
      item: {
        key: `${Date.now()}-${Math.random()}`,
        name: file.name,
        progress: 0,
        error:
          file.size > LOCAL_FILE_MAX_BYTES
            ? t('localFiles.tooLarge', { mb: LOCAL_FILE_MAX_BYTES / 1024 / 1024 })
            : null,
        done: false,
      } satisfies Uploading,
    }));
    setUploads((current) => [...current.filter((u) => !u.done), ...items.map((i) => i.item)]);
    const update = (key: string, change: Partial<Uploading>) =>
      setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));
    const results = await Promise.all(
      items
        .filter(({ item }) => !item.error)
        .map(async ({ file, item }) => {
          try {
            const entry = await uploadToFolder(folder, file, (progress) =>
              update(item.key, { progress }),
            );
            update(item.key, { progress: 1, done: true });
            return entry;
          } catch (caught) {
            update(item.key, { error: errorMessage(caught) });
            return null;
          }
        }),
    );
    const kept = results.filter((entry): entry is FileEntry => entry !== null);
    if (kept.length) {
      toast.success(t('localFiles.uploaded', { count: kept.length }));
      load();
      // Finished bars go a moment later; refusals stay until dismissed.
      setTimeout(() => setUploads((current) => current.filter((u) => !u.done)), 4000);
    }
  }

  function open(entry: FileEntry) {
    if (entry.kind === 'folder') onPlace({ path: entry.path, q: '' });
    else if (picking && onPick) onPick(entry);
    else if (entry.kind === 'image') setDialog({ kind: 'preview', entry });
    else if (entry.url) window.open(entry.url, '_blank', 'noopener');
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) void send(files);
  };

  const crumbs = listing?.path ? listing.path.split('/') : [];
  const actionsFor = (entry: FileEntry) => (
    <RowActionsMenu label={t('localFiles.actionsFor', { name: entry.name })}>
      {entry.kind === 'image' ? (
        <DropdownMenuItem onSelect={() => setDialog({ kind: 'preview', entry })}>
          <ImageIcon aria-hidden />
          {t('localFiles.preview')}
        </DropdownMenuItem>
      ) : null}
      {entry.url ? (
        <DropdownMenuItem onSelect={() => void copyFileUrl(entry.url!, t)}>
          <Copy aria-hidden />
          {t('localFiles.copyUrl')}
        </DropdownMenuItem>
      ) : null}
      {writable ? (
        <>
          <DropdownMenuItem onSelect={() => setDialog({ kind: 'rename', entry })}>
            <Pencil aria-hidden />
            {t('localFiles.rename')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog({ kind: 'move', entries: [entry] })}>
            <FolderInput aria-hidden />
            {t('localFiles.move')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem danger onSelect={() => setDialog({ kind: 'delete', entries: [entry] })}>
            <Trash2 aria-hidden />
            {t('localFiles.delete')}
          </DropdownMenuItem>
        </>
      ) : null}
    </RowActionsMenu>
  );

  const name = (entry: FileEntry) =>
    entry.kind === 'folder' && !listing?.path ? t(`localFiles.areas.${entry.name}`) : entry.name;

  return (
    <div
      className="relative flex flex-col gap-4"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="file-browser"
    >
      <nav
        aria-label={t('localFiles.breadcrumb')}
        className="flex min-w-0 flex-wrap items-center gap-1 text-sm"
      >
        <button
          type="button"
          onClick={() => onPlace({ path: '', q: '' })}
          aria-current={!crumbs.length && !listing?.search ? 'location' : undefined}
          className="flex items-center gap-1.5 rounded-md px-2 py-1 font-medium hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <HardDrive aria-hidden className="size-4" />
          {t('localFiles.storage')}
        </button>
        {crumbs.map((crumb, index) => (
          <span key={index} className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden className="size-3.5 shrink-0 text-neutral-400" />
            <button
              type="button"
              onClick={() => onPlace({ path: crumbs.slice(0, index + 1).join('/'), q: '' })}
              aria-current={index === crumbs.length - 1 ? 'location' : undefined}
              className="truncate rounded-md px-2 py-1 font-medium hover:bg-neutral-100 aria-[current=location]:text-primary-700 dark:hover:bg-neutral-800 dark:aria-[current=location]:text-primary-300"
            >
              {index === 0 ? t(`localFiles.areas.${crumb}`) : crumb}
            </button>
          </span>
        ))}
        {listing && !listing.writable && listing.path ? (
          <Badge className="ml-1">{t('localFiles.readOnlyBadge')}</Badge>
        ) : null}
      </nav>

      <div className="flex flex-col gap-2 lg:flex-row lg:items-center lg:justify-between">
        <form
          role="search"
          className="relative w-full lg:max-w-xs"
          onSubmit={(event) => {
            event.preventDefault();
            onPlace({ q: search.trim() });
          }}
        >
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            aria-label={t('localFiles.search')}
            placeholder={t('localFiles.search')}
            className="h-10 pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {search ? (
            <button
              type="button"
              aria-label={t('localFiles.clearSearch')}
              onClick={() => {
                setSearch('');
                onPlace({ q: '' });
              }}
              className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </form>
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label={t('localFiles.sortBy')}
            value={place.sort}
            onChange={(event) => onPlace({ sort: event.currentTarget.value as FileSort })}
            className="h-10 w-auto"
          >
            {FILE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`localFiles.sort.${sort}`)}
              </option>
            ))}
          </Select>
          <IconButton
            variant="outline"
            icon={place.order === 'asc' ? ArrowDownAZ : ArrowUpAZ}
            label={place.order === 'asc' ? t('localFiles.ascending') : t('localFiles.descending')}
            onClick={() => onPlace({ order: place.order === 'asc' ? 'desc' : 'asc' })}
          />
          <Button
            variant={place.unused ? 'soft' : 'outline'}
            size="lg"
            aria-pressed={place.unused}
            onClick={() => onPlace({ unused: !place.unused })}
          >
            {place.unused ? <Check aria-hidden /> : null}
            {t('localFiles.unusedOnly')}
          </Button>
          <div
            role="group"
            aria-label={t('localFiles.view')}
            className="flex rounded-lg border border-neutral-300 dark:border-neutral-700"
          >
            <IconButton
              icon={LayoutGrid}
              label={t('localFiles.grid')}
              aria-pressed={place.view === 'grid'}
              className="rounded-r-none aria-pressed:bg-neutral-100 dark:aria-pressed:bg-neutral-800"
              onClick={() => onPlace({ view: 'grid' })}
            />
            <IconButton
              icon={List}
              label={t('localFiles.list')}
              aria-pressed={place.view === 'list'}
              className="rounded-l-none aria-pressed:bg-neutral-100 dark:aria-pressed:bg-neutral-800"
              onClick={() => onPlace({ view: 'list' })}
            />
          </div>
          {writable && !listing?.search && !picking ? (
            <Button variant="outline" size="lg" onClick={() => setDialog({ kind: 'folder' })}>
              <FolderPlus aria-hidden />
              {t('localFiles.newFolder')}
            </Button>
          ) : null}
          {writable && !listing?.search ? (
            <Button size="lg" onClick={() => input.current?.click()}>
              <Upload aria-hidden />
              {t('localFiles.upload')}
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label={t('localFiles.upload')}
            data-testid="local-files-input"
            accept={ACCEPT_ATTRIBUTE[accept]}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length) void send(files);
            }}
          />
        </div>
      </div>

      {uploads.length ? (
        <ul
          aria-label={t('localFiles.uploads')}
          className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
        >
          {uploads.map((item) => (
            <li key={item.key} className="flex flex-col gap-1.5 text-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate font-medium">{item.name}</span>
                <span className="flex shrink-0 items-center gap-1 text-xs text-neutral-500 dark:text-neutral-400">
                  {item.error
                    ? t('localFiles.refused')
                    : item.done
                      ? t('localFiles.done')
                      : `${Math.round(item.progress * 100)}%`}
                  {item.error || item.done ? (
                    <IconButton
                      icon={X}
                      label={t('localFiles.dismiss', { name: item.name })}
                      className="size-7"
                      onClick={() =>
                        setUploads((current) => current.filter((u) => u.key !== item.key))
                      }
                    />
                  ) : null}
                </span>
              </div>
              <ProgressBar
                percent={item.progress * 100}
                label={t('localFiles.uploading', { name: item.name })}
                className="h-1.5 rounded-full bg-neutral-200 dark:bg-neutral-800"
                barClassName={cn(
                  'transition-[width]',
                  item.error ? 'bg-red-500' : item.done ? 'bg-green-600' : undefined,
                )}
              />
              {item.error ? (
                <p role="alert" className="text-xs text-red-700 dark:text-red-400">
                  {item.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {chosen.length && !picking ? (
        <div
          role="region"
          aria-label={t('localFiles.selection')}
          className="flex flex-wrap items-center gap-2 rounded-xl bg-primary-50 px-3 py-2 text-sm dark:bg-primary-500/10"
        >
          <span className="font-medium">{t('localFiles.selected', { count: chosen.length })}</span>
          {writable ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDialog({ kind: 'move', entries: chosen })}
              >
                <FolderInput aria-hidden />
                {t('localFiles.move')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 dark:text-red-400"
                onClick={() => setDialog({ kind: 'delete', entries: chosen })}
              >
                <Trash2 aria-hidden />
                {t('localFiles.delete')}
              </Button>
            </>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {t('localFiles.clearSelection')}
          </Button>
        </div>
      ) : null}

      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {listing?.search ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400" role="status">
          {t(listing.truncated ? 'localFiles.searchTruncated' : 'localFiles.searchResults', {
            count: entries.length,
            query: listing.search,
          })}
        </p>
      ) : null}

      <div
        aria-busy={busy}
        className={cn('transition-opacity', loading && listing && 'opacity-60')}
      >
        {!listing && loading ? (
          <LoadingGrid label={t('localFiles.loading')} />
        ) : entries.length === 0 && listing ? (
          <EmptyState
            icon={listing.search ? Search : FolderOpen}
            title={listing.search ? t('localFiles.noMatch') : t('localFiles.emptyTitle')}
            text={
              listing.search
                ? t('localFiles.noMatchText')
                : writable
                  ? t('localFiles.emptyText')
                  : t('localFiles.emptyReadOnly')
            }
            action={
              writable && !listing.search ? (
                <Button size="lg" onClick={() => input.current?.click()}>
                  <Upload aria-hidden />
                  {t('localFiles.upload')}
                </Button>
              ) : undefined
            }
          />
        ) : place.view === 'grid' ? (
          <ul
            aria-label={t('localFiles.files')}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
          >
            {entries.map((entry) => (
              <li
                key={entry.path}
                className={cn(
                  'group relative flex flex-col overflow-hidden rounded-xl border bg-white dark:bg-neutral-900',
                  selected.has(entry.path)
                    ? 'border-primary-500 ring-2 ring-primary-500/40'
                    : 'border-neutral-200 dark:border-neutral-800',
                )}
                data-testid="file-card"
              >
                <button
                  type="button"
                  onClick={() => open(entry)}
                  className="flex flex-col text-left outline-offset-2"
                  aria-label={
                    entry.kind === 'folder'
                      ? t('localFiles.openFolder', { name: name(entry) })
                      : picking
                        ? t('localFiles.pickThis', { name: entry.name })
                        : entry.kind === 'image'
                          ? t('localFiles.previewFile', { name: entry.name })
                          : t('localFiles.openFile', { name: entry.name })
                  }
                >
                  <Thumb entry={entry} />
                  <span className="truncate px-2.5 pt-2.5 text-sm font-medium" title={name(entry)}>
                    {name(entry)}
                  </span>
                </button>
                {/* Outside the button, whose name is the action and the file's name (what axe compares). */}
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2.5 pt-0.5 pb-2.5 text-xs text-neutral-500 dark:text-neutral-400">
                  {entry.kind === 'folder'
                    ? formatDate(entry.modified_at)
                    : `${formatFileSize(entry.size)}${entry.width ? ` · ${entry.width}×${entry.height}` : ''}`}
                  <UsedBadge entry={entry} />
                </span>
                {!picking && listing?.path ? (
                  <div className="absolute top-1.5 right-1.5 flex items-center gap-1">
                    <label className="grid size-8 place-items-center rounded-md bg-white/90 shadow-sm dark:bg-neutral-900/90">
                      <Checkbox
                        checked={selected.has(entry.path)}
                        onChange={() => toggle(entry.path)}
                        aria-label={t('localFiles.select', { name: entry.name })}
                      />
                    </label>
                    <div className="rounded-md bg-white/90 shadow-sm dark:bg-neutral-900/90 [&_button]:size-8">
                      {actionsFor(entry)}
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('localFiles.files')}</caption>
              <thead className="bg-neutral-50 text-left text-xs text-neutral-500 uppercase dark:bg-neutral-900 dark:text-neutral-400">
                <tr>
                  {!picking && listing?.path ? (
                    <th className="w-10 px-3 py-2">
                      <Checkbox
                        aria-label={t('localFiles.selectAll')}
                        checked={entries.length > 0 && chosen.length === entries.length}
                        onChange={(event) =>
                          setSelected(
                            event.currentTarget.checked
                              ? new Set(entries.map((e) => e.path))
                              : new Set(),
                          )
                        }
                      />
                    </th>
                  ) : null}
                  <th className="w-full px-3 py-2 font-medium">{t('localFiles.name')}</th>
                  <th className="hidden px-3 py-2 font-medium whitespace-nowrap sm:table-cell">
                    {t('localFiles.size')}
                  </th>
                  <th className="hidden px-3 py-2 font-medium whitespace-nowrap md:table-cell">
                    {t('localFiles.modified')}
                  </th>
                  <th className="w-12 px-3 py-2">
                    <span className="sr-only">{t('localFiles.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
                {entries.map((entry) => {
                  const Icon = KIND_ICONS[entry.kind];
                  return (
                    <tr
                      key={entry.path}
                      className={cn(
                        selected.has(entry.path) && 'bg-primary-50 dark:bg-primary-500/10',
                      )}
                    >
                      {!picking && listing?.path ? (
                        <td className="px-3 py-2">
                          <Checkbox
                            checked={selected.has(entry.path)}
                            onChange={() => toggle(entry.path)}
                            aria-label={t('localFiles.select', { name: entry.name })}
                          />
                        </td>
                      ) : null}
                      <td className="w-full max-w-0 px-3 py-2">
                        <button
                          type="button"
                          onClick={() => open(entry)}
                          className="flex w-full min-w-0 items-center gap-2 text-left font-medium hover:underline"
                        >
                          <Icon
                            aria-hidden
                            className={cn(
                              'size-4 shrink-0',
                              entry.kind === 'folder'
                                ? 'text-primary-600 dark:text-primary-400'
                                : 'text-neutral-500',
                            )}
                          />
                          <span className="flex min-w-0 flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
                            <span className="max-w-full truncate">{name(entry)}</span>
                            <UsedBadge entry={entry} />
                          </span>
                        </button>
                      </td>
                      <td className="hidden px-3 py-2 whitespace-nowrap text-neutral-600 sm:table-cell dark:text-neutral-400">
                        {entry.kind === 'folder' ? '—' : formatFileSize(entry.size)}
                      </td>
                      <td className="hidden px-3 py-2 whitespace-nowrap text-neutral-600 md:table-cell dark:text-neutral-400">
                        {formatDate(entry.modified_at, { time: true })}
                      </td>
                      <td className="px-3 py-1 text-right">
                        {!picking && listing?.path ? actionsFor(entry) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {dragging ? (
        <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center rounded-2xl border-2 border-dashed border-primary-500 bg-primary-50/80 text-primary-800 dark:bg-primary-950/80 dark:text-primary-200">
          <p className="flex items-center gap-2 text-base font-semibold">
            <Upload aria-hidden className="size-5" />
            {writable ? t('localFiles.dropHere') : t('localFiles.readOnly')}
          </p>
        </div>
      ) : null}

      {dialog?.kind === 'folder' && listing ? (
        <NameDialog
          title={t('localFiles.newFolder')}
          submitLabel={t('localFiles.create')}
          onClose={() => setDialog(null)}
          onSubmit={async (folder) => {
            await api.post('/admin/files/folders', { path: listing.path, name: folder });
            toast.success(t('localFiles.folderMade'));
            load();
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={t('localFiles.renameTitle', { name: dialog.entry.name })}
          initial={dialog.entry.name}
          submitLabel={t('localFiles.rename')}
          onClose={() => setDialog(null)}
          onSubmit={async (newName) => {
            await api.post('/admin/files/rename', { path: dialog.entry.path, name: newName });
            toast.success(t('localFiles.renamed'));
            load();
          }}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          entries={dialog.entries}
          from={listing?.path ?? ''}
          onClose={() => setDialog(null)}
          onMoved={load}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteFilesDialog
          entries={dialog.entries}
          onClose={() => setDialog(null)}
          onDeleted={load}
        />
      ) : null}
      {dialog?.kind === 'preview' ? (
        <PreviewDialog
          entry={dialog.entry}
          onClose={() => setDialog(null)}
          action={
            picking && onPick ? (
              <Button size="lg" onClick={() => onPick(dialog.entry)}>
                {t('localFiles.useThis')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}

function Thumb({ entry }: { entry: FileEntry }) {
  const Icon = KIND_ICONS[entry.kind];
  if (entry.kind === 'image' && entry.url && !entry.url.endsWith('.ico'))
    return (
      <span className="block aspect-[4/3] overflow-hidden bg-neutral-100 dark:bg-neutral-800">
        <Img src={entry.url} width={240} height={180} alt="" className="size-full object-cover" />
      </span>
    );
  return (
    <span className="grid aspect-[4/3] place-items-center bg-neutral-50 dark:bg-neutral-800/60">
      <Icon
        aria-hidden
        className={cn(
          'size-10',
          entry.kind === 'folder' ? 'text-primary-600 dark:text-primary-400' : 'text-neutral-400',
        )}
      />
    </span>
  );
}

function UsedBadge({ entry, className }: { entry: FileEntry; className?: string }): ReactNode {
  const { t } = useTranslation();
  if (entry.used || entry.kind === 'folder') return null;
  return (
    <Badge tone="warning" className={className}>
      {t('localFiles.unused')}
    </Badge>
  );
}

function LoadingGrid({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
    >
      {Array.from({ length: 12 }, (_, index) => (
        <div
          key={index}
          className="overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-800"
        >
          <div className="aspect-[4/3] animate-pulse bg-neutral-200 dark:bg-neutral-800" />
          <div className="space-y-1.5 p-2.5">
            <div className="h-3.5 w-3/4 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
