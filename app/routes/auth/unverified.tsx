// `/auth/unverified`: where the `verified` guard sends a signed-in user whose email is not verified yet. It explains
// and offers to send the email again. Verified users go on to where they were going.
import { MailWarning, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { redirect } from 'react-router';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { safeRedirect, useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/unverified';

export const handle: RouteHandle = { title: 'pages.unverified' };

export const loader = withAccess('user', ({ request }: Route.LoaderArgs, { user }) => {
  const target = safeRedirect(new URL(request.url).searchParams.get('redirect'));
  if (user.emailVerified) throw redirect(target);
  return { email: user.email };
});

export function ResendVerification({
  className,
  quiet = false,
}: {
  className?: string;
  /** A secondary button (inside a settings page) instead of the page's main action. */
  quiet?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={quiet ? 'flex flex-col items-start gap-3' : 'flex w-full flex-col gap-3'}>
      {state === 'sent' ? <Alert tone="success">{t('auth.unverified.sent')}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        className={className}
        variant={quiet ? 'outline' : 'solid'}
        size={quiet ? 'lg' : 'xl'}
        disabled={state === 'sending'}
        onClick={async () => {
          setState('sending');
          setError(null);
          try {
            await api.post('/auth/email/verification-notification');
            setState('sent');
          } catch (caught) {
            setError(errorMessage(caught));
            setState('idle');
          }
        }}
      >
        <Send aria-hidden />
        {state === 'sending' ? t('auth.unverified.sending') : t('auth.unverified.resend')}
      </Button>
    </div>
  );
}

export default function Unverified({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
        <MailWarning className="size-7" aria-hidden />
      </span>
      <AuthHeading title={t('auth.unverified.title')}>
        {t('auth.unverified.text', { email: loaderData.email })}
      </AuthHeading>
      <ResendVerification className="w-full" />
    </div>
  );
}
