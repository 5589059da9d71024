// `/auth/forgot`: guests only. Sends a reset link; the answer never says whether the address has an account.
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { AuthForm, EmailField } from '#app/components/account/auth-form.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useApiForm } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';

export const handle: RouteHandle = { title: 'pages.forgot' };

export const loader = withAccess('guest', () => null);

export default function Forgot() {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm({
    check: (values, rules) => ({ email: rules.email(values.email) }),
    submit: async (values) => {
      await api.post('/auth/forgot-password', { email: values.email!.trim() });
      return values.email!.trim();
    },
    onSuccess: (email) => setSentTo(email),
  });

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')}>{t('auth.forgot.subtitle')}</AuthHeading>
      {sentTo ? (
        <div className="flex flex-col gap-4" data-testid="forgot-sent">
          <Alert tone="success" title={t('auth.forgot.sentTitle')}>
            {t('auth.forgot.sent', { email: sentTo })}
          </Alert>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            {t('auth.forgot.again')}
          </Button>
        </div>
      ) : (
        <AuthForm
          form={form}
          icon={form.pending ? <MailCheck aria-hidden /> : <Send aria-hidden />}
          action="forgot"
        >
          <EmailField error={form.errors.email} />
        </AuthForm>
      )}
      <p className="mt-6 text-center text-sm">
        <AppLink
          to="/auth/login"
          className="font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('auth.forgot.back')}
        </AppLink>
      </p>
    </>
  );
}
