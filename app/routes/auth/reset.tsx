// `/auth/reset/{token}`: a new password from the emailed link. Every session ends; a used or expired link says so.
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { AuthForm } from '#app/components/account/auth-form.tsx';
import { NewPasswordFields } from '#app/components/account/new-password-fields.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/reset';

export const handle: RouteHandle = { title: 'pages.reset' };

const paramsSchema = z.object({ token: z.string().regex(/^[\w-]{8,200}$/) });

export const loader = withAccess('public', ({ request, params }: Route.LoaderArgs) => {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) invalidRoute(request);
  return { token: parsed.data.token };
});

export default function Reset({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api, reset } = useAuth();
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(false);
  const form = useApiForm({
    check: (values, rules) => ({
      password: rules.password(values.password),
      password_confirmation: rules.confirmation(values.password_confirmation, values.password),
    }),
    submit: async (values) => {
      try {
        await api.post('/auth/reset-password', {
          token: loaderData.token,
          password: values.password,
          password_confirmation: values.password_confirmation,
        });
      } catch (error) {
        if (isApiError(error) && error.code === 'invalid_token') setInvalid(true);
        throw error;
      }
    },
    onSuccess: async () => {
      // Every session ended, this browser's too.
      reset();
      toast.success(t('auth.reset.done'));
      await navigate('/auth/login');
    },
  });

  if (invalid) {
    return (
      <>
        <AuthHeading title={t('auth.reset.invalidTitle')} />
        <Alert tone="error">{t('auth.reset.invalid')}</Alert>
        <Button asChild className="mt-6 w-full">
          <AppLink to="/auth/forgot">{t('auth.reset.requestNew')}</AppLink>
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.reset.title')}>{t('auth.reset.subtitle')}</AuthHeading>
      <AuthForm form={form} icon={<KeyRound aria-hidden />} action="reset">
        <NewPasswordFields errors={form.errors} />
      </AuthForm>
    </>
  );
}
