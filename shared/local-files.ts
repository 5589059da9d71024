// Local Files (`/vnwa/vmedia/local-files`, decision 050): what the server and the screen agree on — the areas of
// storage the manager shows, the kinds of file it keeps, the sort orders and the largest upload.

/** Top-level folders of storage the manager shows: `files` is the admins' own, `uploads` (posters, backdrops) is read only. */
export const FILE_AREAS = ['files', 'uploads'] as const;
export type FileArea = (typeof FILE_AREAS)[number];
export const WRITABLE_AREA: FileArea = 'files';

export const FILE_KINDS = ['folder', 'image', 'subtitle', 'document', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_SORTS = ['name', 'size', 'date'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** One upload's largest file, in bytes. */
export const LOCAL_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Files in one upload request. */
export const LOCAL_FILE_MAX_COUNT = 20;

/** Extensions by kind; the content decides which one a file gets. SVG is never taken (decision 050). */
export const FILE_EXTENSIONS: Record<Exclude<FileKind, 'folder' | 'other'>, readonly string[]> = {
  image: ['jpg', 'png', 'gif', 'webp', 'avif', 'ico'],
  subtitle: ['vtt', 'srt', 'ass'],
  document: ['pdf', 'txt'],
};

/** What a browser's file input is offered, by what a picker accepts. */
export const ACCEPT_ATTRIBUTE: Record<'image' | 'any', string> = {
  image:
    '.jpg,.jpeg,.png,.gif,.webp,.avif,.ico,image/jpeg,image/png,image/gif,image/webp,image/avif',
  any: '.jpg,.jpeg,.png,.gif,.webp,.avif,.ico,.vtt,.srt,.ass,.pdf,.txt',
};

/** A file or folder as the API answers it. `path` is relative to storage (`files/posters/a.jpg`). */
export type FileEntry = {
  name: string;
  path: string;
  kind: FileKind;
  /** `/storage/…`, for a file; null for a folder. */
  url: string | null;
  size: number;
  modified_at: string;
  width: number | null;
  height: number | null;
  /** Something in the database points at it (a poster, a logo, a subtitle…); for a folder: at something inside. */
  used: boolean;
};

export type FileListing = {
  path: string;
  /** Whether files can be added, renamed, moved or deleted here. */
  writable: boolean;
  entries: FileEntry[];
  /** Set for a search: what was looked for (the entries are then from every folder below `path`). */
  search: string | null;
  /** A search stops at this many matches. */
  truncated: boolean;
};

/** The kind an extension says (the server has checked the content on the way in). */
export function kindOfName(name: string): Exclude<FileKind, 'folder'> {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'jpeg') return 'image';
  for (const [kind, list] of Object.entries(FILE_EXTENSIONS))
    if (list.includes(extension)) return kind as Exclude<FileKind, 'folder' | 'other'>;
  return 'other';
}
