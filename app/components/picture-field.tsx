// A picture setting (Web Info's logos, favicon and sharing image): its preview, Upload, a pick from Local Files
// (decision 050) and Remove, and the `/storage/…` path it holds as `value`.
import { ImagePlus } from 'lucide-react';
import { PickFromStorageButton } from '#app/components/files/storage-file-picker.tsx';
import { ImageField } from '#app/components/image-field.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

/** The uploads' limit (the admin image upload takes up to 10 MB). */
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

const BACKDROPS = {
  auto: 'bg-neutral-50 text-neutral-600 dark:bg-neutral-800/60 dark:text-neutral-300',
  light: 'bg-neutral-50 text-neutral-600',
  dark: 'bg-neutral-900 text-neutral-300',
};

export function PictureField({
  label,
  value,
  onChange,
  testId,
  hint,
  error,
  backdrop = 'auto',
  shape = 'wide',
}: {
  label: string;
  /** The picture's `/storage/…` path, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  testId: string;
  hint?: string;
  error?: string;
  /** The preview's background: the page's own, or the colour mode a logo is for. */
  backdrop?: 'auto' | 'light' | 'dark';
  /** `square` for an icon, `wide` for a logo or a sharing image. */
  shape?: 'square' | 'wide';
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  return (
    <ImageField
      label={label}
      inputLabel={label}
      testId={testId}
      field="image"
      maxBytes={PICTURE_MAX_BYTES}
      chooseLabel={t('webInfo.picture.upload')}
      hint={hint}
      error={error}
      preview={
        <div
          className={cn(
            'grid shrink-0 place-items-center overflow-hidden rounded-lg border border-neutral-200 p-2 dark:border-neutral-700',
            shape === 'square' ? 'size-20' : 'h-20 w-44',
            BACKDROPS[backdrop],
          )}
        >
          {value ? (
            <img src={value} alt="" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs">
              <ImagePlus className="size-6" aria-hidden />
              {t('webInfo.picture.none')}
            </span>
          )}
        </div>
      }
      upload={async (file) => {
        const body = new FormData();
        body.set('image', file);
        onChange((await api.post<{ path: string }>('/admin/uploads/image', body)).path);
      }}
      extra={
        <PickFromStorageButton
          onPick={(path) => onChange(path)}
          label={t('localFiles.chooseFromStorage')}
        />
      }
      onRemove={value ? () => onChange(null) : undefined}
    />
  );
}
