// `/vnwa/login`: the admin sign-in, no layout, only for admins not signed in (guard `guest-admin`). A non-admin is
// told that the account has no access, and the session that sign-in opened is closed at once.
import { LogIn, ShieldCheck } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { CardPage } from '#app/components/card-page.tsx';
import { AuthForm, CurrentPasswordField, EmailField } from '#app/components/account/auth-form.tsx';
import { ApiError } from '#app/lib/api.ts';
import { safeRedirect, useAuth } from '#app/lib/auth.tsx';
import { PageTitle, useSiteInfo, type RouteHandle } from '#app/lib/title.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';

export const handle: RouteHandle = { title: 'admin.pages.login' };

export const loader = withAccess('guest-admin', () => null);

export default function AdminLogin() {
  const { t } = useTranslation();
  const { siteName } = useSiteInfo();
  const { store } = useAuth();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'), '/vnwa');
  const form = useApiForm({
    check: (values, rules) => ({
      email: rules.email(values.email),
      password: rules.required(values.password),
    }),
    submit: async (values) => {
      const user = await store.login({
        email: values.email!.trim(),
        password: values.password!,
        remember: true,
      });
      if (!user.roles.includes('admin')) {
        await store.logout().catch(() => store.reset());
        throw new ApiError(403, 'no_admin_access', t('admin.login.noAccess'));
      }
    },
    onSuccess: async () => {
      await navigate(target.startsWith('/vnwa') ? target : '/vnwa');
      await revalidator.revalidate();
    },
  });

  return (
    <CardPage
      className="bg-neutral-100 dark:bg-neutral-950"
      cardClassName="max-w-sm bg-white dark:bg-neutral-900"
    >
      <PageTitle />
      <span className="mb-4 grid size-11 place-items-center rounded-xl bg-primary-600 text-white dark:bg-primary-500 dark:text-neutral-950">
        <ShieldCheck className="size-6" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{t('admin.login.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-neutral-600 dark:text-neutral-400">
        {t('admin.login.subtitle', { site: siteName })}
      </p>
      <AuthForm form={form} icon={<LogIn aria-hidden />} action="login">
        <EmailField error={form.errors.email} autoComplete="username" />
        <CurrentPasswordField error={form.errors.password} />
      </AuthForm>
    </CardPage>
  );
}
