// `/account/devices` (and `/vnwa/account/devices`): the account's sessions, with revoke.
import { useTranslation } from '#app/lib/use-translation.ts';
import { DevicesList } from '#app/components/account/devices.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadOwnSessions } from '#app/lib/devices.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/devices';

export const handle: RouteHandle = { title: 'pages.accountDevices' };

export const loader = withAccess('user', loadOwnSessions);

export default function AccountDevices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="sr-only">{t('pages.accountDevices')}</h1>
      <DevicesList sessions={loaderData.sessions} />
    </>
  );
}
