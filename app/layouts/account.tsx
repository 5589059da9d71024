// `/account/*`: signed-in users only (guard `auth`), with the account menu. Errors show in the site layout.
import { Bookmark, MonitorSmartphone, UserRound } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Outlet } from 'react-router';
import { NavLinks } from '#app/components/app-link.tsx';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';

export const handle: RouteHandle = { title: 'pages.account' };

export const loader = withAccess('user', () => null);

const items = [
  { to: '/account/general', label: 'pages.accountGeneral', icon: UserRound },
  { to: '/account/devices', label: 'pages.accountDevices', icon: MonitorSmartphone },
  { to: '/account/follow-movies', label: 'pages.followMovies', icon: Bookmark },
] as const;

export default function AccountLayout() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto grid w-full max-w-screen-xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[14rem_1fr]"
    >
      <nav aria-label={t('pages.account')} className="flex gap-1 overflow-x-auto md:flex-col">
        <NavLinks
          items={items}
          iconClassName="size-4"
          className="flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-neutral-100 dark:hover:bg-neutral-900"
          activeClassName="bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300"
        />
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </main>
  );
}
