// The Movie Manager's own pieces: a movie's picture, the poster or backdrop picker, and a list of checkboxes
// (genres, nations, languages).
import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { PickFromStorageButton } from '#app/components/files/storage-file-picker.tsx';
import { ImageField } from '#app/components/image-field.tsx';
import { Img } from '#app/components/image.tsx';
import { Checkbox } from '#app/components/ui/input.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

/** A movie's picture in its box, or a placeholder icon where it has none. */
export function MoviePicture({
  src,
  width,
  height,
  className,
  placeholder,
}: {
  src: string | null;
  width: number;
  height: number;
  className: string;
  placeholder: ReactNode;
}) {
  return (
    <div className={cn('overflow-hidden bg-neutral-100 dark:bg-neutral-800', className)}>
      {src ? (
        <Img src={src} width={width} height={height} alt="" className="size-full object-cover" />
      ) : (
        <div className="grid size-full place-items-center text-neutral-400">{placeholder}</div>
      )}
    </div>
  );
}

/** A poster or backdrop: uploaded at once or picked from Local Files, kept in the form until it is saved. */
export function MovieImage({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: 'poster' | 'backdrop';
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const poster = name === 'poster';
  return (
    <ImageField
      label={label}
      inputLabel={label}
      testId={`${name}-input`}
      field="image"
      chooseLabel={t('admin.movies.form.upload')}
      error={error}
      preview={
        <MoviePicture
          src={value}
          width={poster ? 96 : 160}
          height={poster ? 144 : 90}
          className={cn('rounded-lg', poster ? 'aspect-[2/3] w-24' : 'aspect-video w-40')}
          placeholder={<ImagePlus className="size-6" aria-hidden />}
        />
      }
      upload={async (file) => {
        const body = new FormData();
        body.set('image', file);
        onChange((await api.post<{ path: string }>('/admin/uploads/image', body)).path);
      }}
      onRemove={value ? () => onChange(null) : undefined}
      extra={
        <PickFromStorageButton
          onPick={(path) => onChange(path)}
          label={t('localFiles.chooseFromStorage')}
          className="justify-start"
        />
      }
    />
  );
}

export function CheckList({
  legend,
  name,
  options,
  selected,
  error,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  selected: string[];
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-2 overflow-y-auto">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <Checkbox
              name={name}
              value={option.value}
              defaultChecked={selected.includes(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
