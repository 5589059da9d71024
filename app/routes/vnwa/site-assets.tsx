// `/vnwa/setting/site-assets`: HTML snippets by placement (analytics tags, web fonts, a stylesheet), each in a code
// editor, sent together to `PUT /api/admin/settings/site_assets`. Public pages inject their script, style and link
// elements from the next page load on; the back office never (spec §7, decision 047).
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { SettingsSection } from '#app/components/account/settings-section.tsx';
import { CodeEditor } from '#app/components/code-editor.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Field } from '#app/components/ui/input.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { isApiError, type FieldErrors } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Route } from './+types/site-assets';

export const handle: RouteHandle = { title: 'admin.pages.siteAssets' };

/** The placements, in the order of the page (server/domain/site/site-assets.schema.ts). */
const PLACEMENTS = ['head', 'body_start', 'body_end'] as const;
type Placement = (typeof PLACEMENTS)[number];
type Snippets = Record<Placement, string>;

const MAX_LENGTH = 100_000;

export const loader = withAccess('admin', (_: Route.LoaderArgs, { services }) => {
  const assets = services.settings.get('site_assets');
  return {
    assets: Object.fromEntries(PLACEMENTS.map((key) => [key, assets[key] ?? ''])) as Snippets,
  };
});

export default function SiteAssetsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [value, setValue] = useState<Snippets>(loaderData.assets);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setErrors({});
    setFormError(null);
    try {
      // Empty placements are left out: the map says only what is there.
      const body = Object.fromEntries(Object.entries(value).filter(([, html]) => html.trim()));
      await api.put('/admin/settings/site_assets', body);
      toast.success(t('siteAssets.saved'));
      await revalidator.revalidate();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 422 && Object.keys(caught.fields).length)
        setErrors(caught.fields);
      else setFormError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <Alert tone="warning" title={t('siteAssets.warningTitle')}>
        {t('siteAssets.warning')}
      </Alert>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('siteAssets.intro')}</p>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {PLACEMENTS.map((placement) => (
        <SettingsSection
          key={placement}
          id={`site-assets-${placement}`}
          title={t(`siteAssets.placements.${placement}.title`)}
          description={t(`siteAssets.placements.${placement}.description`)}
        >
          <Field
            label={t('siteAssets.snippet', {
              placement: t(`siteAssets.placements.${placement}.title`),
            })}
            hint={t('siteAssets.length', {
              count: value[placement].length,
              max: MAX_LENGTH,
            })}
            error={errors[placement]}
          >
            {(control) => (
              <CodeEditor
                {...control}
                name={placement}
                rows={placement === 'head' ? 12 : 8}
                maxLength={MAX_LENGTH}
                placeholder={t(`siteAssets.placements.${placement}.placeholder`)}
                value={value[placement]}
                onChange={(html) => setValue((current) => ({ ...current, [placement]: html }))}
                data-testid={`site-asset-${placement}`}
              />
            )}
          </Field>
        </SettingsSection>
      ))}
      <div className="sticky bottom-0 -mx-1 flex justify-end border-t border-neutral-200 bg-neutral-50/95 px-1 py-3 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('siteAssets.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
