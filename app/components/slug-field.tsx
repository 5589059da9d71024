// The slug of a movie or a term: shown as it would come from the name until the admin types one, with the address
// it makes. The server makes it unique (`-2`, `-3`…).
import { useState } from 'react';
import { Field, Input } from '#app/components/ui/input.tsx';
import { slugify } from '#shared/text.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

export function SlugField({
  from,
  initial,
  pathPrefix,
  maxLength,
  error,
  className,
}: {
  /** The name or title the slug comes from while it is not typed. */
  from: string;
  /** The saved slug, when editing: it stays until changed. */
  initial?: string;
  /** Where the slug shows in the address: `/watch/` for a movie, `/` for a term. */
  pathPrefix: string;
  maxLength: number;
  error?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(initial ?? null);
  const preview = slugify(typed ?? from);
  return (
    <Field
      label={t('admin.terms.fields.slug')}
      error={error}
      hint={preview ? t('admin.terms.slugPreview', { path: `${pathPrefix}${preview}` }) : undefined}
      className={className}
    >
      {(control) => (
        <Input
          {...control}
          name="slug"
          maxLength={maxLength}
          value={typed ?? preview}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </Field>
  );
}
