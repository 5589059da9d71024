// `/account/general` (and `/vnwa/account/general`): name, avatar, language, email, notification emails, password,
// delete the account.
import { useLoaderData } from 'react-router';
import { withAccess } from '#app/lib/access.server.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { AccountSettings } from '#app/components/account/account-settings.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/general';

export const handle: RouteHandle = { title: 'pages.account' };

/** What the session does not carry: the notification email choice (`/vnwa/account/general` reads it alike). */
export const loader = withAccess('user', async (_: Route.LoaderArgs, { services, user }) => ({
  notificationEmail: (await services.auth.getUserResource(user.id)).notification_email,
}));

export default function AccountGeneral() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { notificationEmail } = useLoaderData<typeof loader>();
  // The layout's guard makes sure of a user; between a sign-out and the redirect there is none.
  if (!user) return null;
  return (
    <>
      <h1 className="sr-only">{t('pages.accountGeneral')}</h1>
      <AccountSettings user={user} notificationEmail={notificationEmail} />
    </>
  );
}
