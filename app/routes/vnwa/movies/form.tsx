// The Movie Manager's form for creating and editing a movie: every field, the poster and backdrop uploaded at once,
// a slug previewed from the title until it is typed, and the server's errors by their fields.
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { FormActions } from '#app/components/form-actions.tsx';
import { SlugField } from '#app/components/slug-field.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Checkbox, Field, Input, Select, Textarea } from '#app/components/ui/input.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { toast } from '#app/lib/toast.tsx';
import { collectErrors, useApiForm, useFormRules } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { CheckList, MovieImage } from './fields.tsx';
import type { Movie, MoviesData, TermOption } from './route.tsx';

const LANGUAGES = ['Vietsub', 'Thuyết minh', 'Lồng tiếng'] as const;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const numberOrNull = (value: string | undefined) => (value?.trim() ? Number(value) : null);

/** The one form for a new movie and an edited one, in a sheet; the server's 422 puts its messages by their fields. */
export function MovieForm({
  movie,
  data,
  onClose,
}: {
  movie?: Movie;
  data: MoviesData;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const rules = useFormRules();
  const [title, setTitle] = useState(movie?.title ?? '');
  const [poster, setPoster] = useState<string | null>(movie?.poster ?? null);
  const [backdrop, setBackdrop] = useState<string | null>(movie?.backdrop ?? null);
  const form = useApiForm({
    validate: (values) => collectErrors({ title: rules.required(values.title) }),
    submit: (_values, element) => {
      const formData = new FormData(element);
      const values = Object.fromEntries(formData) as Record<string, string>;
      const body = {
        title: values.title!.trim(),
        original_title: values.original_title ?? '',
        slug: values.slug?.trim() || undefined,
        description: values.description ?? '',
        poster,
        backdrop,
        trailer_url: values.trailer_url?.trim() || null,
        type_id: numberOrNull(values.type_id),
        genre_ids: formData.getAll('genre_ids').map(Number),
        nation_ids: formData.getAll('nation_ids').map(Number),
        status: values.status,
        quality: values.quality,
        languages: formData.getAll('languages').map(String),
        year: numberOrNull(values.year),
        episode_runtime: numberOrNull(values.episode_runtime),
        current_episode: values.current_episode ?? '',
        total_episodes: numberOrNull(values.total_episodes),
        actors: list(values.actors),
        directors: list(values.directors),
        featured: values.featured === 'on',
        recommended: values.recommended === 'on',
        published: values.published === 'on',
      };
      return movie ? api.patch(`/admin/movies/${movie.id}`, body) : api.post('/admin/movies', body);
    },
    onSuccess: async () => {
      toast.success(movie ? t('admin.movies.saved') : t('admin.movies.created'));
      onClose();
      await revalidator.revalidate();
    },
  });
  const e = form.errors;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(44rem,100vw)]"
        heading={movie ? t('admin.movies.editTitle') : t('admin.movies.new')}
        closeLabel={t('form.close')}
      >
        <form
          noValidate
          onSubmit={form.onSubmit}
          className="flex flex-col gap-5 px-1 pb-4"
          data-testid="movie-form"
        >
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('admin.movies.form.title')} error={e.title}>
              {(control) => (
                <Input
                  {...control}
                  name="title"
                  maxLength={255}
                  value={title}
                  onChange={(ev) => setTitle(ev.target.value)}
                />
              )}
            </Field>
            <Field label={t('admin.movies.form.originalTitle')} error={e.original_title}>
              {(control) => (
                <Input
                  {...control}
                  name="original_title"
                  maxLength={255}
                  defaultValue={movie?.original_title}
                />
              )}
            </Field>
            <SlugField
              from={title}
              initial={movie?.slug}
              pathPrefix="/watch/"
              maxLength={255}
              error={e.slug}
              className="sm:col-span-2"
            />
          </div>
          <div className="flex flex-wrap gap-6">
            <MovieImage
              label={t('admin.movies.form.poster')}
              name="poster"
              value={poster}
              onChange={setPoster}
              error={e.poster}
            />
            <MovieImage
              label={t('admin.movies.form.backdrop')}
              name="backdrop"
              value={backdrop}
              onChange={setBackdrop}
              error={e.backdrop}
            />
          </div>
          <Field
            label={t('admin.terms.fields.description')}
            error={e.description}
            hint={t('admin.movies.form.descriptionHint')}
          >
            {(control) => (
              <Textarea
                {...control}
                name="description"
                rows={4}
                defaultValue={movie?.description}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t('admin.movies.columns.type')} error={e.type_id}>
              {(control) => (
                <Select {...control} name="type_id" defaultValue={movie?.type?.id ?? ''}>
                  <option value="">—</option>
                  {data.types.map((type: TermOption) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('admin.movies.columns.status')} error={e.status}>
              {(control) => (
                <Select {...control} name="status" defaultValue={movie?.status ?? 'completed'}>
                  {MOVIE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`admin.movies.status.${status}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('admin.movies.form.quality')} error={e.quality}>
              {(control) => (
                <Select {...control} name="quality" defaultValue={movie?.quality ?? 'HD'}>
                  {QUALITIES.map((quality) => (
                    <option key={quality}>{quality}</option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <CheckList
            legend={t('admin.movies.form.genres')}
            name="genre_ids"
            options={data.genres.map((genre: TermOption) => ({
              value: String(genre.id),
              label: genre.name,
            }))}
            selected={(movie?.genres ?? []).map((genre) => String(genre.id))}
            error={e.genre_ids}
          />
          <CheckList
            legend={t('admin.movies.form.nations')}
            name="nation_ids"
            options={data.nations.map((nation: TermOption) => ({
              value: String(nation.id),
              label: nation.name,
            }))}
            selected={(movie?.nations ?? []).map((nation) => String(nation.id))}
            error={e.nation_ids}
          />
          <CheckList
            legend={t('admin.movies.form.languages')}
            name="languages"
            options={LANGUAGES.map((language) => ({ value: language, label: language }))}
            selected={movie?.languages ?? ['Vietsub']}
            error={e.languages}
          />
          <div className="grid gap-4 sm:grid-cols-4">
            <Field label={t('admin.movies.columns.year')} error={e.year}>
              {(control) => (
                <Input
                  {...control}
                  name="year"
                  type="number"
                  inputMode="numeric"
                  defaultValue={movie?.year ?? ''}
                />
              )}
            </Field>
            <Field label={t('admin.movies.form.runtime')} error={e.episode_runtime}>
              {(control) => (
                <Input
                  {...control}
                  name="episode_runtime"
                  type="number"
                  inputMode="numeric"
                  defaultValue={movie?.episode_runtime ?? ''}
                />
              )}
            </Field>
            <Field label={t('admin.movies.form.currentEpisode')} error={e.current_episode}>
              {(control) => (
                <Input
                  {...control}
                  name="current_episode"
                  maxLength={60}
                  defaultValue={movie?.current_episode}
                />
              )}
            </Field>
            <Field label={t('admin.movies.form.totalEpisodes')} error={e.total_episodes}>
              {(control) => (
                <Input
                  {...control}
                  name="total_episodes"
                  type="number"
                  inputMode="numeric"
                  defaultValue={movie?.total_episodes ?? ''}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('admin.movies.form.actors')}
              error={e.actors}
              hint={t('admin.movies.form.commaHint')}
            >
              {(control) => (
                <Input {...control} name="actors" defaultValue={movie?.actors.join(', ')} />
              )}
            </Field>
            <Field
              label={t('admin.movies.form.directors')}
              error={e.directors}
              hint={t('admin.movies.form.commaHint')}
            >
              {(control) => (
                <Input {...control} name="directors" defaultValue={movie?.directors.join(', ')} />
              )}
            </Field>
            <Field
              label={t('admin.movies.form.trailer')}
              error={e.trailer_url}
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  name="trailer_url"
                  type="url"
                  defaultValue={movie?.trailer_url ?? ''}
                />
              )}
            </Field>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {(['published', 'featured', 'recommended'] as const).map((flag) => (
              <label key={flag} className="flex items-center gap-2">
                <Checkbox name={flag} defaultChecked={movie ? movie[flag] : flag === 'published'} />
                {t(`admin.movies.form.${flag}`)}
              </label>
            ))}
          </div>
          <FormActions sticky onCancel={onClose} pending={form.pending} />
        </form>
      </SheetContent>
    </Sheet>
  );
}
