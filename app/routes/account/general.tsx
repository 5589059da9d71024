// `/account/general` (and `/vnwa/account/general`): name, avatar, language, email, password, delete the account.
import { useTranslation } from '#app/lib/use-translation.ts';
import { AccountSettings } from '#app/components/account/account-settings.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';

export const handle: RouteHandle = { title: 'pages.account' };

export default function AccountGeneral() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The layout's guard makes sure of a user; between a sign-out and the redirect there is none.
  if (!user) return null;
  return (
    <>
      <h1 className="sr-only">{t('pages.accountGeneral')}</h1>
      <AccountSettings user={user} />
    </>
  );
}
