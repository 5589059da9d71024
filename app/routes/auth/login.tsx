// `/auth/login`: guests only (guard `guest`). Email, password and "remember me"; back to `redirect` afterwards.
import { LogIn } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useSearchParams } from 'react-router';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { AuthForm, CurrentPasswordField, EmailField } from '#app/components/account/auth-form.tsx';
import { CheckboxField } from '#app/components/ui/input.tsx';
import { safeRedirect, useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';

export const handle: RouteHandle = { title: 'pages.login' };

export const loader = withAccess('guest', () => null);

export default function Login() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const form = useApiForm({
    check: (values, rules) => ({
      email: rules.email(values.email),
      password: rules.required(values.password),
    }),
    submit: (values) =>
      login(
        {
          email: values.email!.trim(),
          password: values.password!,
          remember: values.remember === 'on',
        },
        redirectTo,
      ),
    onSuccess: (user) => {
      toast.success(t('auth.welcomeBack', { name: user.name }));
    },
  });

  return (
    <>
      <AuthHeading title={t('auth.login.title')}>{t('auth.login.subtitle')}</AuthHeading>
      <AuthForm form={form} icon={<LogIn aria-hidden />} action="login">
        <EmailField error={form.errors.email} />
        <CurrentPasswordField
          error={form.errors.password}
          action={
            <AppLink
              to="/auth/forgot"
              className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              {t('auth.login.forgot')}
            </AppLink>
          }
        />
        <CheckboxField name="remember" defaultChecked label={t('auth.login.remember')} />
      </AuthForm>
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('auth.login.noAccount')}{' '}
        <AppLink
          to={`/auth/register${params.get('redirect') ? `?redirect=${encodeURIComponent(redirectTo)}` : ''}`}
          className="font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('auth.login.register')}
        </AppLink>
      </p>
    </>
  );
}
