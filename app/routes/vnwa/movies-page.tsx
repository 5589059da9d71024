// `/vnwa/appearance/movies-page`: the Movies Page Manager (decision 049). How `/movies` lists (default order, page
// size), which filters it shows and in what order, the featured banner above the list, and its title and
// description for search engines; saved as the `movies_page` setting (decision 046), which every node uses from
// its next request.
import { ArrowDown, ArrowUp, ExternalLink, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import { MoviePicker, type PickedMovie } from '#app/components/movie-picks.tsx';
import { PickerThumb } from '#app/components/ui/search-picker.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import {
  Checkbox,
  Field,
  SelectField,
  TextareaField,
  TextField,
} from '#app/components/ui/input.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { LISTING_DEFAULT_SORTS, LISTING_FILTERS, type ListingFilter } from '#shared/listing.ts';
import type { Route } from './+types/movies-page';

export const handle: RouteHandle = { title: 'admin.pages.moviesPage' };

export const loader = withAccess('admin', async (_args: Route.LoaderArgs, { services }) => {
  const value = services.settings.get('movies_page');
  const id = value.banner.movie_id;
  const [movie] = id ? await services.home.pickedMovies([id]) : [];
  return { value, movie: movie ?? null };
});

type Value = Route.ComponentProps['loaderData']['value'];

/** The filters in the form's order: the shown ones as saved, then the others. */
const filterRows = (shown: readonly ListingFilter[]) => [
  ...shown.map((name) => ({ name, shown: true })),
  ...LISTING_FILTERS.filter((name) => !shown.includes(name)).map((name) => ({
    name,
    shown: false,
  })),
];

export default function MoviesPageManager({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useErrorMessage();
  const [value, setValue] = useState<Value>(loaderData.value);
  const [filters, setFilters] = useState(() => filterRows(loaderData.value.filters));
  const [movie, setMovie] = useState<PickedMovie | null>(loaderData.movie);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (patch: Partial<Value>) => setValue((current) => ({ ...current, ...patch }));
  const setBanner = (patch: Partial<Value['banner']>) =>
    setValue((current) => ({ ...current, banner: { ...current.banner, ...patch } }));
  const moveFilter = (from: number, to: number) =>
    setFilters((current) => {
      const next = [...current];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row!);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const saved = await api.put<Value>('/admin/settings/movies_page', {
        ...value,
        filters: filters.filter((row) => row.shown).map((row) => row.name),
      });
      setValue(saved);
      setFilters(filterRows(saved.filters));
      toast.success(t('moviesPage.saved'));
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.fields).length)
        setErrors(error.fields);
      else setFormError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const filterLabel = (name: ListingFilter) => t(`listing.${name}`);
  const section =
    'flex flex-col gap-4 rounded-2xl border border-neutral-200 p-4 sm:p-6 dark:border-neutral-800';
  return (
    <form className="mx-auto flex max-w-3xl flex-col gap-6" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('moviesPage.intro')}</p>
        <Button asChild variant="outline" size="md" className="self-start">
          <AppLink to="/movies" target="_blank">
            <ExternalLink aria-hidden />
            {t('moviesPage.view')}
          </AppLink>
        </Button>
      </div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold">{t('moviesPage.listing')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('moviesPage.defaultSort')}
            name="default_sort"
            value={value.default_sort}
            error={errors.default_sort}
            onChange={(event) => set({ default_sort: event.target.value as Value['default_sort'] })}
          >
            {LISTING_DEFAULT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`listing.sorts.${sort}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('moviesPage.pageSize')}
            name="page_size"
            type="number"
            inputMode="numeric"
            min={12}
            max={60}
            value={value.page_size}
            error={errors.page_size}
            onChange={(event) => set({ page_size: Number(event.target.value) })}
          />
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold">{t('moviesPage.filters')}</legend>
        <p className="-mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('moviesPage.filtersHint')}
        </p>
        {errors.filters ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errors.filters}
          </p>
        ) : null}
        <ol className="flex flex-col gap-1" data-testid="filter-order">
          {filters.map((row, index) => (
            <li
              key={row.name}
              className="flex items-center gap-2 rounded-lg border border-neutral-200 py-1 pr-1 pl-3 dark:border-neutral-800"
            >
              <label className="flex flex-1 items-center gap-2.5 text-sm">
                <Checkbox
                  checked={row.shown}
                  aria-label={t('moviesPage.filterShown', { name: filterLabel(row.name) })}
                  onChange={(event) =>
                    setFilters((current) =>
                      current.map((other) =>
                        other.name === row.name ? { ...other, shown: event.target.checked } : other,
                      ),
                    )
                  }
                />
                <span
                  className={row.shown ? 'font-medium' : 'text-neutral-500 dark:text-neutral-400'}
                >
                  {filterLabel(row.name)}
                </span>
              </label>
              <IconButton
                icon={ArrowUp}
                className="size-8"
                label={t('moviesPage.moveUp', { name: filterLabel(row.name) })}
                disabled={index === 0}
                onClick={() => moveFilter(index, index - 1)}
              />
              <IconButton
                icon={ArrowDown}
                className="size-8"
                label={t('moviesPage.moveDown', { name: filterLabel(row.name) })}
                disabled={index === filters.length - 1}
                onClick={() => moveFilter(index, index + 1)}
              />
            </li>
          ))}
        </ol>
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold">{t('moviesPage.banner')}</legend>
        <p className="-mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('moviesPage.bannerHint')}
        </p>
        {movie ? (
          <div className="flex items-center gap-3 rounded-xl border border-neutral-200 p-2 dark:border-neutral-800">
            <PickerThumb src={movie.poster} shape="poster" />
            <span className="min-w-0 flex-1">
              <span
                className="line-clamp-2 text-sm font-semibold break-words"
                data-testid="banner-movie"
              >
                {movie.title}
              </span>
              <span className="text-xs text-neutral-500 dark:text-neutral-400">
                {[movie.year, movie.published ? null : t('homeSections.picker.unpublished')]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <Button
              type="button"
              variant="ghost"
              size="md"
              onClick={() => {
                setMovie(null);
                setBanner({ movie_id: null });
              }}
            >
              <X aria-hidden />
              {t('moviesPage.removeBanner')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('moviesPage.bannerNone')}
          </p>
        )}
        <Field label={t('moviesPage.bannerMovie')} error={errors['banner.movie_id']}>
          {(control) => (
            <MoviePicker
              id={control.id}
              value={movie}
              invalid={control['aria-invalid']}
              describedBy={control['aria-describedby']}
              onChange={(picked) => {
                setMovie(picked);
                setBanner({ movie_id: picked.id });
              }}
            />
          )}
        </Field>
        <TextField
          label={t('moviesPage.bannerTitle')}
          name="banner.title"
          value={value.banner.title}
          maxLength={120}
          hint={t('moviesPage.bannerTitleHint')}
          error={errors['banner.title']}
          onChange={(event) => setBanner({ title: event.target.value })}
        />
        <TextareaField
          label={t('moviesPage.bannerText')}
          name="banner.text"
          rows={3}
          value={value.banner.text}
          maxLength={400}
          hint={t('moviesPage.bannerTextHint')}
          error={errors['banner.text']}
          onChange={(event) => setBanner({ text: event.target.value })}
        />
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 text-base font-semibold">{t('moviesPage.seo')}</legend>
        <TextField
          label={t('moviesPage.seoTitle')}
          name="seo_title"
          value={value.seo_title}
          maxLength={120}
          hint={t('moviesPage.seoTitleHint', { title: t('pages.movies') })}
          error={errors.seo_title}
          onChange={(event) => set({ seo_title: event.target.value })}
        />
        <TextareaField
          label={t('moviesPage.seoDescription')}
          name="seo_description"
          rows={3}
          value={value.seo_description}
          maxLength={320}
          hint={t('moviesPage.seoDescriptionHint')}
          error={errors.seo_description}
          onChange={(event) => set({ seo_description: event.target.value })}
        />
      </fieldset>

      <div className="sticky bottom-0 z-10 flex justify-end rounded-xl border border-neutral-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95">
        <Button type="submit" size="md" disabled={pending}>
          {t('homeSections.save')}
        </Button>
      </div>
    </form>
  );
}
