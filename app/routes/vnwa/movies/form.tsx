// The Movie Manager's form for creating and editing a movie: every field, the poster and backdrop uploaded at once,
// a slug previewed from the title until it is typed, and the server's errors by their fields.
import { useState } from 'react';
import { ApiForm } from '#app/components/api-form.tsx';
import { FormActions } from '#app/components/form-actions.tsx';
import { useDialogForm } from '#app/components/form-dialog.tsx';
import { SlugField } from '#app/components/slug-field.tsx';
import { CheckboxField, SelectField, TextField, TextareaField } from '#app/components/ui/input.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { MOVIE_STATUSES, QUALITIES } from '#shared/catalog.ts';
import { useAuth } from '#app/lib/auth.tsx';
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
  const [title, setTitle] = useState(movie?.title ?? '');
  const [poster, setPoster] = useState<string | null>(movie?.poster ?? null);
  const [backdrop, setBackdrop] = useState<string | null>(movie?.backdrop ?? null);
  const form = useDialogForm({
    check: (values, rules) => ({ title: rules.required(values.title) }),
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
    done: movie ? t('admin.movies.saved') : t('admin.movies.created'),
    onClose,
  });
  const e = form.errors;
  /** A whole number the movie may leave empty. */
  const numberField = (name: 'year' | 'episode_runtime' | 'total_episodes', label: string) => (
    <TextField
      label={label}
      error={e[name]}
      name={name}
      type="number"
      inputMode="numeric"
      defaultValue={movie?.[name] ?? ''}
    />
  );
  /** The terms of one taxonomy to tick, those the movie has ticked. */
  const termChecks = (
    name: 'genre_ids' | 'nation_ids',
    legend: string,
    terms: TermOption[],
    chosen: TermOption[] = [],
  ) => (
    <CheckList
      legend={legend}
      name={name}
      options={terms.map((term) => ({ value: String(term.id), label: term.name }))}
      selected={chosen.map((term) => String(term.id))}
      error={e[name]}
    />
  );
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(44rem,100vw)]"
        heading={movie ? t('admin.movies.editTitle') : t('admin.movies.new')}
        closeLabel={t('form.close')}
      >
        <ApiForm form={form} className="flex flex-col gap-5 px-1" data-testid="movie-form">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('admin.movies.form.title')}
              error={e.title}
              name="title"
              maxLength={255}
              value={title}
              onChange={(ev) => setTitle(ev.target.value)}
            />
            <TextField
              label={t('admin.movies.form.originalTitle')}
              error={e.original_title}
              name="original_title"
              maxLength={255}
              defaultValue={movie?.original_title}
            />
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
          <TextareaField
            label={t('admin.terms.fields.description')}
            error={e.description}
            hint={t('admin.movies.form.descriptionHint')}
            name="description"
            rows={4}
            defaultValue={movie?.description}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t('admin.movies.columns.type')}
              error={e.type_id}
              name="type_id"
              defaultValue={movie?.type?.id ?? ''}
            >
              <option value="">—</option>
              {data.types.map((type: TermOption) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('admin.movies.columns.status')}
              error={e.status}
              name="status"
              defaultValue={movie?.status ?? 'completed'}
            >
              {MOVIE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.movies.status.${status}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('admin.movies.form.quality')}
              error={e.quality}
              name="quality"
              defaultValue={movie?.quality ?? 'HD'}
            >
              {QUALITIES.map((quality) => (
                <option key={quality}>{quality}</option>
              ))}
            </SelectField>
          </div>
          {termChecks('genre_ids', t('admin.movies.form.genres'), data.genres, movie?.genres)}
          {termChecks('nation_ids', t('admin.movies.form.nations'), data.nations, movie?.nations)}
          <CheckList
            legend={t('admin.movies.form.languages')}
            name="languages"
            options={LANGUAGES.map((language) => ({ value: language, label: language }))}
            selected={movie?.languages ?? ['Vietsub']}
            error={e.languages}
          />
          <div className="grid gap-4 sm:grid-cols-4">
            {numberField('year', t('admin.movies.columns.year'))}
            {numberField('episode_runtime', t('admin.movies.form.runtime'))}
            <TextField
              label={t('admin.movies.form.currentEpisode')}
              error={e.current_episode}
              name="current_episode"
              maxLength={60}
              defaultValue={movie?.current_episode}
            />
            {numberField('total_episodes', t('admin.movies.form.totalEpisodes'))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['actors', 'directors'] as const).map((name) => (
              <TextField
                key={name}
                label={t(`admin.movies.form.${name}`)}
                error={e[name]}
                hint={t('admin.movies.form.commaHint')}
                name={name}
                defaultValue={movie?.[name].join(', ')}
              />
            ))}
            <TextField
              label={t('admin.movies.form.trailer')}
              error={e.trailer_url}
              className="sm:col-span-2"
              name="trailer_url"
              type="url"
              defaultValue={movie?.trailer_url ?? ''}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {(['published', 'featured', 'recommended'] as const).map((flag) => (
              <CheckboxField
                key={flag}
                name={flag}
                // A new movie starts as a draft: nothing reaches viewers before the admin says so.
                defaultChecked={movie ? movie[flag] : false}
                label={t(`admin.movies.form.${flag}`)}
                className="gap-2"
              />
            ))}
          </div>
          <FormActions sticky onCancel={onClose} pending={form.pending} />
        </ApiForm>
      </SheetContent>
    </Sheet>
  );
}
