// `/vnwa/movie/film/list`, the Movie Manager: the shared admin table with poster, title, type, status, year, episodes,
// views and update time; search without diacritics, filters, sort, pages; bulk publish, unpublish, set type, add
// genre and delete; one form for create and edit with image upload, slug preview and errors by their fields.
import { Clapperboard, ImagePlus, ListVideo, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import {
  DataTable,
  RowActionsButton,
  TableFilter,
  type DataTableColumn,
} from '#app/components/data-table/index.ts';
import { Img } from '#app/components/image.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { Checkbox, Field, Input, Select, Textarea } from '#app/components/ui/input.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate, slugify } from '#app/lib/format.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { collectErrors, useApiForm, useErrorMessage, useFormRules } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';
import { loadAdminList } from '#app/lib/admin-list.server.ts';
import { MOVIE_STATUSES, moviesQuery } from '#app/lib/admin-queries.ts';
import type { Route } from './+types/movies';

export const handle: RouteHandle = { title: 'admin.pages.movies' };

export const QUALITIES = ['CAM', 'SD', 'HD', 'FHD', '4K'] as const;
export const LANGUAGES = ['Vietsub', 'Thuyết minh', 'Lồng tiếng'] as const;
const STATUSES = MOVIE_STATUSES;

export const loader = withAccess('admin', async ({ request }: Route.LoaderArgs, { services }) => {
  const all = { per_page: 100, sort: 'order' as const, order: 'asc' as const };
  const [{ list: movies, sorted }, genres, types, nations] = await Promise.all([
    loadAdminList(request, moviesQuery.page, (query) => services.movies.list(query)),
    services.terms.list('genre', all),
    services.terms.list('type', all),
    services.terms.list('nation', all),
  ]);
  const pick = (list: typeof genres) => list.data.map(({ id, name }) => ({ id, name }));
  return { movies, sorted, genres: pick(genres), types: pick(types), nations: pick(nations) };
});

type Data = Route.ComponentProps['loaderData'];
type Movie = Data['movies']['data'][number];
type Option = { id: number; name: string };

function ImageField({
  label,
  name,
  value,
  onChange,
  error,
  aspect,
}: {
  label: string;
  name: string;
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string;
  aspect: 'poster' | 'backdrop';
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-start gap-3">
        <div
          className={
            aspect === 'poster'
              ? 'aspect-[2/3] w-24 overflow-hidden rounded-lg bg-neutral-100 dark:bg-neutral-800'
              : 'aspect-video w-40 overflow-hidden rounded-lg bg-neutral-100 dark:bg-neutral-800'
          }
        >
          {value ? (
            <Img
              src={value}
              width={aspect === 'poster' ? 96 : 160}
              height={aspect === 'poster' ? 144 : 90}
              alt=""
              className="size-full object-cover"
            />
          ) : (
            <div className="grid size-full place-items-center text-neutral-400">
              <ImagePlus className="size-6" aria-hidden />
            </div>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            aria-label={label}
            data-testid={`${name}-input`}
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0];
              if (!file) return;
              const body = new FormData();
              body.set('image', file);
              setBusy(true);
              setUploadError(null);
              try {
                const answer = await api.post<{ path: string }>('/admin/uploads/image', body);
                onChange(answer.path);
              } catch (caught) {
                setUploadError(
                  isApiError(caught) && caught.fields.image
                    ? caught.fields.image
                    : errorMessage(caught),
                );
              } finally {
                setBusy(false);
                if (input.current) input.current.value = '';
              }
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="md"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {busy ? t('account.avatar.uploading') : t('admin.movies.form.upload')}
          </Button>
          {value ? (
            <Button type="button" variant="ghost" size="md" onClick={() => onChange(null)}>
              {t('account.avatar.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {uploadError || error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {uploadError ?? error}
        </p>
      ) : null}
    </div>
  );
}

function CheckList({
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

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const numberOrNull = (value: string | undefined) => (value?.trim() ? Number(value) : null);

function MovieForm({ movie, data, onClose }: { movie?: Movie; data: Data; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const rules = useFormRules();
  const [title, setTitle] = useState(movie?.title ?? '');
  const [slug, setSlug] = useState(movie?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(Boolean(movie));
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
  const preview = slugify(slugTouched ? slug : title);
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
            <Field
              label={t('admin.terms.fields.slug')}
              error={e.slug}
              hint={
                preview ? t('admin.terms.slugPreview', { path: `/watch/${preview}` }) : undefined
              }
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  name="slug"
                  maxLength={255}
                  value={slugTouched ? slug : preview}
                  onChange={(ev) => {
                    setSlugTouched(true);
                    setSlug(ev.target.value);
                  }}
                />
              )}
            </Field>
          </div>
          <div className="flex flex-wrap gap-6">
            <ImageField
              label={t('admin.movies.form.poster')}
              name="poster"
              aspect="poster"
              value={poster}
              onChange={setPoster}
              error={e.poster}
            />
            <ImageField
              label={t('admin.movies.form.backdrop')}
              name="backdrop"
              aspect="backdrop"
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
                  {data.types.map((type: Option) => (
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
                  {STATUSES.map((status) => (
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
            options={data.genres.map((genre: Option) => ({
              value: String(genre.id),
              label: genre.name,
            }))}
            selected={(movie?.genres ?? []).map((genre) => String(genre.id))}
            error={e.genre_ids}
          />
          <CheckList
            legend={t('admin.movies.form.nations')}
            name="nation_ids"
            options={data.nations.map((nation: Option) => ({
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
          <div className="sticky bottom-0 -mx-1 flex justify-end gap-2 border-t border-neutral-200 bg-white px-1 pt-3 dark:border-neutral-800 dark:bg-neutral-950">
            <Button type="button" variant="outline" size="lg" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" size="lg" disabled={form.pending}>
              {t('form.save')}
            </Button>
          </div>
        </form>
      </SheetContent>
    </Sheet>
  );
}

function BulkBar({ selected, clear, data }: { selected: Movie[]; clear: () => void; data: Data }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = selected.map((movie) => movie.id);
  async function run(body: Record<string, unknown>) {
    try {
      const answer = await api.post<{ affected: number }>('/admin/movies/bulk', { ...body, ids });
      toast.success(t('admin.movies.bulk.done', { count: answer.affected }));
      clear();
      await revalidator.revalidate();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  }
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void run({ action: 'publish' }).catch(() => undefined)}
      >
        {t('admin.movies.bulk.publish')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void run({ action: 'unpublish' }).catch(() => undefined)}
      >
        {t('admin.movies.bulk.unpublish')}
      </Button>
      <Select
        className="h-8 w-auto text-sm"
        aria-label={t('admin.movies.bulk.setType')}
        value=""
        onChange={(event) =>
          event.target.value &&
          void run({ action: 'set_type', type_id: Number(event.target.value) }).catch(
            () => undefined,
          )
        }
      >
        <option value="">{t('admin.movies.bulk.setType')}</option>
        {data.types.map((type: Option) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </Select>
      <Select
        className="h-8 w-auto text-sm"
        aria-label={t('admin.movies.bulk.addGenre')}
        value=""
        onChange={(event) =>
          event.target.value &&
          void run({ action: 'add_genre', genre_id: Number(event.target.value) }).catch(
            () => undefined,
          )
        }
      >
        <option value="">{t('admin.movies.bulk.addGenre')}</option>
        {data.genres.map((genre: Option) => (
          <option key={genre.id} value={genre.id}>
            {genre.name}
          </option>
        ))}
      </Select>
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 dark:text-red-400"
        onClick={() => setConfirmDelete(true)}
      >
        <Trash2 aria-hidden />
        {t('admin.users.delete.open')}
      </Button>
      {confirmDelete ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirmDelete}
          title={t('admin.movies.bulk.deleteTitle', { count: ids.length })}
          description={t('admin.movies.deleteText')}
          confirmLabel={t('admin.users.delete.submit')}
          onConfirm={() => run({ action: 'delete' })}
        />
      ) : null}
    </>
  );
}

export default function MoviesManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [editing, setEditing] = useState<{ movie?: Movie } | null>(null);
  const [deleting, setDeleting] = useState<Movie | null>(null);
  const { movies } = loaderData;

  const columns = useMemo<DataTableColumn<Movie>[]>(
    () => [
      {
        id: 'title',
        header: t('admin.movies.columns.title'),
        meta: { sortKey: 'title', className: 'min-w-72' },
        cell: ({ row }) => (
          <div className="flex items-center gap-3">
            <div className="aspect-[2/3] w-10 shrink-0 overflow-hidden rounded-md bg-neutral-100 dark:bg-neutral-800">
              {row.original.poster ? (
                <Img
                  src={row.original.poster}
                  width={40}
                  height={60}
                  alt=""
                  className="size-full object-cover"
                />
              ) : (
                <div className="grid size-full place-items-center text-neutral-400">
                  <Clapperboard className="size-4" aria-hidden />
                </div>
              )}
            </div>
            <div className="min-w-0">
              <p className="font-medium break-words">{row.original.title}</p>
              <p className="text-xs text-neutral-500 dark:text-neutral-400">
                {row.original.original_title || `/${row.original.slug}`}
                {row.original.published ? null : (
                  <Badge className="ml-2" tone="warning">
                    {t('admin.movies.draft')}
                  </Badge>
                )}
              </p>
            </div>
          </div>
        ),
      },
      {
        id: 'type',
        header: t('admin.movies.columns.type'),
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => row.original.type?.name ?? '—',
      },
      {
        id: 'status',
        header: t('admin.movies.columns.status'),
        meta: { sortKey: 'status' },
        cell: ({ row }) => (
          <Badge
            tone={
              row.original.status === 'ongoing'
                ? 'info'
                : row.original.status === 'trailer'
                  ? 'warning'
                  : 'primary'
            }
          >
            {t(`admin.movies.status.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'year',
        header: t('admin.movies.columns.year'),
        meta: { sortKey: 'year', className: 'tabular-nums' },
        cell: ({ row }) => row.original.year ?? '—',
      },
      {
        id: 'episodes',
        header: t('admin.movies.columns.episodes'),
        meta: { sortKey: 'episodes', className: 'text-right tabular-nums' },
        cell: ({ row }) => row.original.episodes_count,
      },
      {
        id: 'views',
        header: t('admin.movies.columns.views'),
        meta: { sortKey: 'views', className: 'text-right tabular-nums' },
        cell: ({ row }) => row.original.views.total.toLocaleString('vi-VN'),
      },
      {
        id: 'updated_at',
        header: t('admin.movies.columns.updated'),
        meta: { sortKey: 'updated_at', className: 'whitespace-nowrap' },
        cell: ({ row }) => formatDate(row.original.updated_at, { time: true }),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.users.columns.actions')}</span>,
        meta: { className: 'w-12 text-right' },
        cell: ({ row }) => (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <RowActionsButton
                aria-label={t('admin.users.actions', { name: row.original.title })}
              />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setEditing({ movie: row.original })}>
                <Pencil aria-hidden />
                {t('admin.users.edit.open')}
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <AppLink to={`/vnwa/movie/film/episodes-${row.original.id}`}>
                  <ListVideo aria-hidden />
                  {t('admin.pages.episodes')}
                </AppLink>
              </DropdownMenuItem>
              <DropdownMenuItem danger onSelect={() => setDeleting(row.original)}>
                <Trash2 aria-hidden />
                {t('admin.users.delete.open')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('admin.movies.intro')}</p>
        <Button size="lg" onClick={() => setEditing({})}>
          <Plus aria-hidden />
          {t('admin.movies.new')}
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={movies.data}
        meta={movies.meta}
        getRowId={(movie) => String(movie.id)}
        searchPlaceholder={t('admin.movies.search')}
        filterKeys={['genre', 'type', 'nation', 'status', 'published']}
        defaultSort={{ sort: 'updated_at', order: 'desc' }}
        sorted={loaderData.sorted}
        emptyTitle={t('admin.movies.emptyTitle')}
        emptyText={t('admin.movies.emptyText')}
        bulkActions={(selected, clear) => (
          <BulkBar selected={selected} clear={clear} data={loaderData} />
        )}
        filters={
          <>
            <TableFilter
              name="genre"
              label={t('admin.movies.form.genres')}
              options={loaderData.genres.map((g: Option) => ({
                value: String(g.id),
                label: g.name,
              }))}
            />
            <TableFilter
              name="type"
              label={t('admin.movies.columns.type')}
              options={loaderData.types.map((g: Option) => ({
                value: String(g.id),
                label: g.name,
              }))}
            />
            <TableFilter
              name="nation"
              label={t('admin.movies.form.nations')}
              options={loaderData.nations.map((g: Option) => ({
                value: String(g.id),
                label: g.name,
              }))}
            />
            <TableFilter
              name="status"
              label={t('admin.movies.columns.status')}
              options={STATUSES.map((s) => ({ value: s, label: t(`admin.movies.status.${s}`) }))}
            />
            <TableFilter
              name="published"
              label={t('admin.movies.form.published')}
              options={[
                { value: 'true', label: t('admin.movies.publishedYes') },
                { value: 'false', label: t('admin.movies.draft') },
              ]}
            />
          </>
        }
      />
      {editing ? (
        <MovieForm movie={editing.movie} data={loaderData} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('admin.users.delete.title', { name: deleting.title })}
          description={t('admin.movies.deleteText')}
          confirmLabel={t('admin.users.delete.submit')}
          onConfirm={async () => {
            try {
              await api.delete(`/admin/movies/${deleting.id}`);
            } catch (error) {
              toast.error(errorMessage(error));
              throw error;
            }
            toast.success(t('admin.users.delete.done', { name: deleting.title }));
            await revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
