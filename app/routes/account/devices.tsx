// `/account/devices` (and `/vnwa/account/devices`): the account's sessions, with revoke.
import { useTranslation } from '#app/lib/use-translation.ts';
import { DevicesList, type DeviceSession } from '#app/components/account/devices.tsx';
import { credentialHeaders, guard } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/devices';

export const handle: RouteHandle = { title: 'pages.accountDevices' };

export async function loader(args: Route.LoaderArgs) {
  await guard(['auth'], args);
  const sessions: DeviceSession[] = await args.context.services.auth.listSessions(
    credentialHeaders(args.request.headers),
  );
  return { sessions };
}

export default function AccountDevices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="sr-only">{t('pages.accountDevices')}</h1>
      <DevicesList sessions={loaderData.sessions} />
    </>
  );
}
