// `/auth/verify?verify_url=...`: the link in the verification email. Without verify_url the route is invalid
// (404 `Page Not Found: {fullPath}`). The page calls verify_url (only on this site's own verification endpoint)
// and shows what happened: verified, already verified, expired or invalid.
import { CircleCheck, Clock, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { AuthHeading } from '#app/components/account/auth-heading.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { invalidRoute } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { ResendVerification } from '#app/routes/auth/unverified.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/verify';

export const handle: RouteHandle = { title: 'pages.verify' };

export const VERIFY_PATH = '/api/auth/verify-email';
const querySchema = z.object({ verify_url: z.string().min(1).max(2048) });

export const loader = withAccess('public', ({ request }: Route.LoaderArgs) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = querySchema.safeParse(query);
  if (!parsed.success) invalidRoute(request);
  return { verifyUrl: parsed.data.verify_url };
});

type Outcome = 'pending' | 'verified' | 'already_verified' | 'expired' | 'invalid' | 'error';

/** The verification URL as a same-origin URL of our endpoint, or null: the page never calls anything else. */
export function trustedVerifyUrl(value: string, origin: string): string | null {
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname !== VERIFY_PATH) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { api, user } = useAuth();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    async function verify(): Promise<Outcome> {
      const url = trustedVerifyUrl(loaderData.verifyUrl, window.location.origin);
      if (!url) return 'invalid';
      try {
        const answer = await api.get<{ status: 'verified' | 'already_verified' }>(url);
        void revalidator.revalidate();
        return answer.status === 'already_verified' ? 'already_verified' : 'verified';
      } catch (error) {
        if (isApiError(error) && (error.status === 410 || error.code === 'expired'))
          return 'expired';
        return isApiError(error) && error.status < 500 ? 'invalid' : 'error';
      }
    }
    void verify().then(setOutcome);
  }, [api, loaderData.verifyUrl, revalidator]);

  if (outcome === 'pending') {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center" aria-live="polite">
        <LoaderCircle className="size-8 animate-spin text-primary-500" aria-hidden />
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('auth.verify.pending')}</p>
      </div>
    );
  }

  const good = outcome === 'verified' || outcome === 'already_verified';
  const Icon = good ? CircleCheck : outcome === 'expired' ? Clock : TriangleAlert;
  return (
    <div className="flex flex-col items-center text-center" data-testid={`verify-${outcome}`}>
      <span
        className={
          good
            ? 'mb-4 grid size-14 place-items-center rounded-full bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-300'
            : 'mb-4 grid size-14 place-items-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300'
        }
      >
        <Icon className="size-7" aria-hidden />
      </span>
      <AuthHeading title={t(`auth.verify.${outcome}.title`)}>
        {t(`auth.verify.${outcome}.text`)}
      </AuthHeading>
      {good ? (
        <Button asChild className="w-full">
          <AppLink to={user ? '/' : '/auth/login'}>
            {user ? t('auth.verify.continue') : t('auth.verify.signIn')}
          </AppLink>
        </Button>
      ) : user ? (
        <ResendVerification className="w-full" />
      ) : (
        <Button asChild className="w-full">
          <AppLink to="/auth/login?redirect=%2Fauth%2Funverified">
            {t('auth.verify.signInToResend')}
          </AppLink>
        </Button>
      )}
    </div>
  );
}
