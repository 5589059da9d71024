// Picking a file of Local Files from any form of the back office (decision 050): the same browser as the Local
// Files screen in a dialog, in pick mode (images only unless told; uploading allowed), answering the chosen file's
// `/storage/…` path. `StorageFilePicker` is the dialog, `PickFromStorageButton` a button that opens it, and
// `ImagePicker` a whole field (preview, choose, remove) for an image setting such as a logo or a favicon:
//
//   <ImagePicker label="Logo" value={logo} onChange={setLogo} />   // value: '/storage/files/logo.png' | null
import { FolderOpen, ImagePlus } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Img } from '#app/components/image.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { WRITABLE_AREA, type FileEntry } from '#shared/local-files.ts';
import { DEFAULT_PLACE, FileBrowser, type BrowserPlace } from './file-browser.tsx';

export type PickerAccept = 'image' | 'any';

export function StorageFilePicker({
  open,
  onOpenChange,
  onPick,
  accept = 'image',
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen file; the dialog closes itself. */
  onPick: (entry: FileEntry) => void;
  accept?: PickerAccept;
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  // Opens in the admins' own folder, where uploading is allowed.
  const [place, setPlace] = useState<BrowserPlace>({ ...DEFAULT_PLACE, path: WRITABLE_AREA });
  const onPlace = useCallback(
    (change: Partial<BrowserPlace>) => setPlace((current) => ({ ...current, ...change })),
    [],
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={title ?? t(accept === 'image' ? 'localFiles.pickImage' : 'localFiles.pickFile')}
          className="max-w-5xl"
        >
          <FileBrowser
            place={place}
            onPlace={onPlace}
            mode="pick"
            accept={accept}
            onPick={(entry) => {
              onPick(entry);
              onOpenChange(false);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** A button that opens the picker; `onPick` gets the file's `/storage/…` path. */
export function PickFromStorageButton({
  onPick,
  accept = 'image',
  label,
  className,
}: {
  onPick: (path: string, entry: FileEntry) => void;
  accept?: PickerAccept;
  label?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className={className}
        onClick={() => setOpen(true)}
      >
        <FolderOpen aria-hidden />
        {label ?? t('localFiles.chooseFromStorage')}
      </Button>
      <StorageFilePicker
        open={open}
        onOpenChange={setOpen}
        accept={accept}
        onPick={(entry) => entry.url && onPick(entry.url, entry)}
      />
    </>
  );
}

/** An image field backed by Local Files: the picture, "Choose from Local Files" and Remove. */
export function ImagePicker({
  label,
  value,
  onChange,
  accept = 'image',
  hint,
  error,
  previewClassName,
}: {
  label: ReactNode;
  /** A `/storage/…` path, or null for none. */
  value: string | null;
  onChange: (path: string | null) => void;
  accept?: PickerAccept;
  hint?: ReactNode;
  error?: string;
  /** The preview's box (its size and shape); a 4:3 box 128 px wide unless told. */
  previewClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        <div
          className={cn(
            'grid aspect-[4/3] w-32 place-items-center overflow-hidden rounded-lg bg-neutral-100 dark:bg-neutral-800',
            previewClassName,
          )}
        >
          {value && /\.(ico|svg)$/i.test(value) ? (
            // The image route resizes only JPEG, PNG, WebP, AVIF and GIF: an icon shows as it is.
            <img src={value} alt="" className="size-12 object-contain" />
          ) : value ? (
            <Img src={value} width={160} height={120} alt="" className="size-full object-contain" />
          ) : (
            <ImagePlus aria-hidden className="size-6 text-neutral-400" />
          )}
        </div>
        <div className="flex flex-col gap-2">
          <PickFromStorageButton accept={accept} onPick={(path) => onChange(path)} />
          {value ? (
            <Button type="button" variant="ghost" size="lg" onClick={() => onChange(null)}>
              {t('localFiles.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {hint ? <p className="text-xs text-neutral-500 dark:text-neutral-400">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
