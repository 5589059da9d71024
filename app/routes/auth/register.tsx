// `/auth/register`: guests only. Name, email, password and its confirmation; a verification email follows.
import { UserPlus } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useSearchParams } from 'react-router';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { NewPasswordFields } from '#app/components/account/new-password-fields.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { AuthForm, EmailField } from '#app/components/account/auth-form.tsx';
import { TextField } from '#app/components/ui/input.tsx';
import type { User } from '#shared/resources/user.ts';
import { safeRedirect, useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';

export const handle: RouteHandle = { title: 'pages.register' };

export const loader = withAccess('guest', () => null);

export default function Register() {
  const { t, i18n } = useTranslation();
  const { api, signedIn } = useAuth();
  const [params] = useSearchParams();
  const form = useApiForm({
    check: (values, rules) => ({
      name: rules.required(values.name),
      email: rules.email(values.email),
      password: rules.password(values.password),
      password_confirmation: rules.confirmation(values.password_confirmation, values.password),
    }),
    submit: async (values) => {
      const answer = await api.post<{ token?: string; user: User }>('/auth/register', {
        name: values.name!.trim(),
        email: values.email!.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        locale: i18n.language === 'en' ? 'en' : 'vi',
      });
      return signedIn(answer.token, safeRedirect(params.get('redirect')));
    },
    onSuccess: (user) => {
      toast.success(t('auth.register.done', { email: user.email }), { duration: 8000 });
    },
  });

  return (
    <>
      <AuthHeading title={t('auth.register.title')}>{t('auth.register.subtitle')}</AuthHeading>
      <AuthForm form={form} icon={<UserPlus aria-hidden />} action="register">
        <TextField
          label={t('form.name')}
          {...form.field('name')}
          autoComplete="name"
          maxLength={100}
        />
        <EmailField error={form.errors.email} />
        <NewPasswordFields errors={form.errors} label={t('form.password')} />
      </AuthForm>
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('auth.register.haveAccount')}{' '}
        <AppLink
          to="/auth/login"
          className="font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('auth.register.login')}
        </AppLink>
      </p>
    </>
  );
}
