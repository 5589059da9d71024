// `/vnwa/setting/web-info`: the site's name, look and SEO defaults (issue 17). The whole value is sent at once to
// `PUT /api/admin/settings/web_info`; every page follows from its next request (decision 046).
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { SettingsSection } from '#app/components/account/settings-section.tsx';
import { PictureField } from '#app/components/picture-field.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button, IconButton } from '#app/components/ui/button.tsx';
import { Field, Input, SelectField, TextareaField, TextField } from '#app/components/ui/input.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError, type FieldErrors } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { formatTitle, type RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { locales } from '#shared/i18n.ts';
import type { Route } from './+types/web-info';

export const handle: RouteHandle = { title: 'admin.pages.webInfo' };

export const loader = withAccess('admin', (_: Route.LoaderArgs, { services }) => ({
  webInfo: services.settings.get('web_info'),
  // The server's list: the one the API checks a zone against.
  timeZones: Intl.supportedValuesOf('timeZone'),
}));

type WebInfo = Route.ComponentProps['loaderData']['webInfo'];
type Social = WebInfo['social'][number];

const MAX_SOCIAL = 12;

export default function WebInfoScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const zonesId = useId();
  const [value, setValue] = useState<WebInfo>(loaderData.webInfo);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = <K extends keyof WebInfo>(key: K, next: WebInfo[K]) =>
    setValue((current) => ({ ...current, [key]: next }));
  const setSocial = (index: number, change: Partial<Social>) =>
    set(
      'social',
      value.social.map((link, at) => (at === index ? { ...link, ...change } : link)),
    );
  const text = (key: 'site_name' | 'tagline' | 'title_separator' | 'contact_email') => ({
    name: key,
    value: value[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      const saved = await api.put<WebInfo>('/admin/settings/web_info', value);
      setValue(saved);
      toast.success(t('webInfo.saved'));
      await revalidator.revalidate();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 422 && Object.keys(caught.fields).length) {
        setErrors(caught.fields);
        const first = form.elements.namedItem(Object.keys(caught.fields)[0]!);
        if (first instanceof HTMLElement) first.focus();
      } else setFormError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('webInfo.intro')}</p>
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <SettingsSection id="web-info-site" title={t('webInfo.sections.site')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('webInfo.fields.siteName')}
            maxLength={60}
            required
            {...text('site_name')}
          />
          <TextField
            label={t('webInfo.fields.titleSeparator')}
            maxLength={5}
            hint={t('webInfo.hints.titleSeparator', {
              example: formatTitle(t('pages.movies'), value.site_name, value.title_separator),
            })}
            {...text('title_separator')}
          />
          <TextField
            label={t('webInfo.fields.tagline')}
            hint={t('webInfo.hints.tagline')}
            maxLength={120}
            className="sm:col-span-2"
            {...text('tagline')}
          />
          <SelectField
            label={t('webInfo.fields.defaultLocale')}
            name="default_locale"
            hint={t('webInfo.hints.defaultLocale')}
            value={value.default_locale}
            error={errors.default_locale}
            onChange={(event) =>
              set('default_locale', event.currentTarget.value as WebInfo['default_locale'])
            }
          >
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {t(`webInfo.locales.${locale}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('webInfo.fields.timeZone')}
            hint={t('webInfo.hints.timeZone')}
            error={errors.time_zone}
          >
            {(control) => (
              <>
                <Input
                  {...control}
                  name="time_zone"
                  list={zonesId}
                  autoComplete="off"
                  spellCheck={false}
                  value={value.time_zone}
                  onChange={(event) => set('time_zone', event.currentTarget.value)}
                />
                <datalist id={zonesId}>
                  {loaderData.timeZones.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <TextField
            label={t('webInfo.fields.contactEmail')}
            type="email"
            autoComplete="email"
            className="sm:col-span-2"
            {...text('contact_email')}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="web-info-look"
        title={t('webInfo.sections.look')}
        description={t('webInfo.hints.look')}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <PictureField
            label={t('webInfo.fields.logoLight')}
            testId="logo-light-input"
            backdrop="light"
            value={value.logo_light}
            onChange={(next) => set('logo_light', next)}
            error={errors.logo_light}
          />
          <PictureField
            label={t('webInfo.fields.logoDark')}
            testId="logo-dark-input"
            backdrop="dark"
            value={value.logo_dark}
            onChange={(next) => set('logo_dark', next)}
            error={errors.logo_dark}
          />
          <PictureField
            label={t('webInfo.fields.favicon')}
            testId="favicon-input"
            shape="square"
            hint={t('webInfo.hints.favicon')}
            value={value.favicon}
            onChange={(next) => set('favicon', next)}
            error={errors.favicon}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="web-info-seo"
        title={t('webInfo.sections.seo')}
        description={t('webInfo.hints.seo')}
      >
        <div className="flex flex-col gap-4">
          <TextareaField
            label={t('webInfo.fields.seoDescription')}
            name="seo_description"
            rows={3}
            maxLength={300}
            hint={t('webInfo.hints.seoDescription', { count: value.seo_description.length })}
            value={value.seo_description}
            error={errors.seo_description}
            onChange={(event) => set('seo_description', event.currentTarget.value)}
          />
          <PictureField
            label={t('webInfo.fields.ogImage')}
            testId="og-image-input"
            hint={t('webInfo.hints.ogImage')}
            value={value.og_image}
            onChange={(next) => set('og_image', next)}
            error={errors.og_image}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="web-info-social"
        title={t('webInfo.sections.social')}
        description={t('webInfo.hints.social')}
      >
        <div className="flex flex-col gap-3">
          {value.social.length === 0 ? (
            <p className="text-sm text-neutral-500 dark:text-neutral-400">
              {t('webInfo.social.empty')}
            </p>
          ) : null}
          <ol className="flex flex-col gap-3">
            {value.social.map((link, index) => (
              <li
                // Rows have no id of their own; the position is theirs while the list is edited.
                key={index}
                className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[12rem_1fr_auto]"
              >
                <TextField
                  label={t('webInfo.social.network', { index: index + 1 })}
                  name={`social.${index}.network`}
                  placeholder="Facebook"
                  maxLength={30}
                  value={link.network}
                  error={errors[`social.${index}.network`]}
                  onChange={(event) => setSocial(index, { network: event.currentTarget.value })}
                  className="max-sm:col-span-1"
                />
                <TextField
                  label={t('webInfo.social.url', { index: index + 1 })}
                  name={`social.${index}.url`}
                  type="url"
                  placeholder="https://"
                  value={link.url}
                  error={errors[`social.${index}.url`]}
                  onChange={(event) => setSocial(index, { url: event.currentTarget.value })}
                  className="max-sm:order-3 max-sm:col-span-2"
                />
                <IconButton
                  icon={Trash2}
                  label={t('webInfo.social.remove', { index: index + 1 })}
                  className="mt-6"
                  onClick={() =>
                    set(
                      'social',
                      value.social.filter((_, at) => at !== index),
                    )
                  }
                />
              </li>
            ))}
          </ol>
          <div>
            <Button
              type="button"
              variant="outline"
              size="md"
              disabled={value.social.length >= MAX_SOCIAL}
              onClick={() => set('social', [...value.social, { network: '', url: '' }])}
            >
              <Plus aria-hidden />
              {t('webInfo.social.add')}
            </Button>
          </div>
        </div>
      </SettingsSection>

      <SettingsSection
        id="web-info-footer"
        title={t('webInfo.sections.footer')}
        description={t('webInfo.hints.footer')}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {locales.map((locale) => (
            <TextareaField
              key={locale}
              label={t('webInfo.fields.footerText', { language: t(`webInfo.locales.${locale}`) })}
              name={`footer_text.${locale}`}
              rows={3}
              maxLength={500}
              value={value.footer_text[locale]}
              error={errors[`footer_text.${locale}`]}
              onChange={(event) =>
                set('footer_text', { ...value.footer_text, [locale]: event.currentTarget.value })
              }
            />
          ))}
        </div>
      </SettingsSection>

      <div className="sticky bottom-0 -mx-1 flex justify-end border-t border-neutral-200 bg-neutral-50/95 px-1 py-3 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('webInfo.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
