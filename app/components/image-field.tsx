// An image picker: the picture as it is beside Upload and Remove, busy while the file goes, and why it was refused
// (its type or size, checked here first, or the server's word). Movie posters and backdrops, profile pictures.
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

/** What the image uploads accept; the server re-encodes each to webp. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function ImageField({
  label,
  preview,
  inputLabel,
  testId,
  chooseLabel,
  maxBytes,
  field,
  upload,
  onRemove,
  hint,
  error,
  extra,
}: {
  /** A visible label above, where the form has others. */
  label?: string;
  /** The picture as it is now (or its placeholder). */
  preview: ReactNode;
  /** The file input's accessible name. */
  inputLabel: string;
  testId: string;
  chooseLabel: ReactNode;
  /** Larger files are refused here, before they travel. */
  maxBytes?: number;
  /** The API's field name, whose message a 422 gives as the reason. */
  field: string;
  /** Sends the file; throw to show why it failed. */
  upload: (file: File) => Promise<unknown>;
  /** Without it, there is no Remove button (nothing to remove). */
  onRemove?: () => unknown;
  hint?: ReactNode;
  /** The form's own error for this field. */
  error?: string;
  /** More ways to set it, under Upload (the movie form's "Local Files…" picker). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(work: () => unknown) {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.fields[field] ? caught.fields[field] : errorMessage(caught),
      );
    } finally {
      setBusy(false);
    }
  }

  function choose(file: File) {
    if (!IMAGE_TYPES.includes(file.type)) return setFailure(t('account.avatar.type'));
    if (maxBytes && file.size > maxBytes)
      return setFailure(t('account.avatar.size', { mb: Math.round(maxBytes / 1024 / 1024) }));
    void run(() => upload(file));
  }

  const message = failure ?? error;
  return (
    <div className="flex flex-col gap-1.5">
      {label ? <span className="text-sm font-medium">{label}</span> : null}
      <div className="flex flex-wrap items-center gap-3">
        {preview}
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-label={inputLabel}
            data-testid={testId}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Emptied at once, so that choosing the same file again (after a refusal) is a change.
              event.currentTarget.value = '';
              if (file) choose(file);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="lg"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? t('account.avatar.uploading') : chooseLabel}
          </Button>
          {extra}
          {onRemove ? (
            <Button
              type="button"
              variant="ghost"
              size="lg"
              disabled={busy}
              onClick={() => void run(onRemove)}
            >
              {t('account.avatar.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {hint ? <p className="text-xs text-neutral-500 dark:text-neutral-400">{hint}</p> : null}
      {message ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
