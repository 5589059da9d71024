// The back office layout (`vnwa`): admins only (guard `auth-admin`), a sidebar to every admin screen.
import {
  CodeXml,
  DatabaseBackup,
  LayoutDashboard,
  ScrollText,
  FolderOpen,
  House,
  LayoutList,
  Link2,
  Film,
  Flag,
  Globe2,
  Info,
  MonitorSmartphone,
  Shapes,
  Tags,
  Trash2,
  UserRound,
  Users,
  Video,
  ExternalLink,
} from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from 'react-router';
import { AppLink, NavItem } from '#app/components/app-link.tsx';
import { MenuSheet } from '#app/components/menu-sheet.tsx';
import { ErrorView } from '#app/components/error-view.tsx';
import { OpenReportsBadge, useOpenReports } from '#app/components/open-reports.tsx';
import { Logo } from '#app/components/logo.tsx';
import { ColorModeSwitcher, LanguageSwitcher } from '#app/components/preferences.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { UserMenu } from '#app/components/user-menu.tsx';
import { PageTitle, usePageTitle, useSiteInfo } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { useAuth } from '#app/lib/auth.tsx';

// The open reports' count for the menu's badge (decision 042); the badge then follows the socket.
export const loader = withAccess('admin', async (_args, { services }) => ({
  openReports: (await services.reports.counts()).open,
}));

// Every back-office screen, by group: what a link here opens is a working screen.
export const adminNavigation = [
  {
    group: 'admin.groups.glance',
    items: [{ to: '/vnwa/overview', label: 'admin.pages.overview', icon: LayoutDashboard }],
  },
  {
    group: 'admin.groups.catalogue',
    items: [
      { to: '/vnwa/movie/film/list', label: 'admin.pages.movies', icon: Film },
      { to: '/vnwa/movie/genre', label: 'admin.pages.genre', icon: Tags },
      { to: '/vnwa/movie/types', label: 'admin.pages.types', icon: Shapes },
      { to: '/vnwa/movie/nation', label: 'admin.pages.nation', icon: Globe2 },
      { to: '/vnwa/movie/reports', label: 'admin.pages.reports', icon: Flag, badge: 'openReports' },
    ],
  },
  {
    group: 'admin.groups.media',
    items: [
      { to: '/vnwa/vmedia/video-manager/list', label: 'admin.pages.videoManager', icon: Video },
      { to: '/vnwa/vmedia/video-manager/trash', label: 'admin.pages.trash', icon: Trash2 },
      { to: '/vnwa/vmedia/local-files', label: 'admin.pages.localFiles', icon: FolderOpen },
    ],
  },
  {
    group: 'admin.groups.appearance',
    items: [
      { to: '/vnwa/appearance/home-page', label: 'admin.pages.homePage', icon: House },
      { to: '/vnwa/appearance/movies-page', label: 'admin.pages.moviesPage', icon: LayoutList },
      { to: '/vnwa/Link', label: 'admin.pages.link', icon: Link2 },
    ],
  },
  {
    group: 'admin.groups.people',
    items: [{ to: '/vnwa/users', label: 'admin.pages.users', icon: Users }],
  },
  {
    group: 'admin.groups.settings',
    items: [
      { to: '/vnwa/setting/web-info', label: 'admin.pages.webInfo', icon: Info },
      { to: '/vnwa/setting/site-assets', label: 'admin.pages.siteAssets', icon: CodeXml },
      { to: '/vnwa/setting/backup', label: 'admin.pages.backup', icon: DatabaseBackup },
      { to: '/vnwa/setting/audit-log', label: 'admin.pages.auditLog', icon: ScrollText },
    ],
  },
  {
    group: 'admin.groups.account',
    items: [
      { to: '/vnwa/account/general', label: 'admin.pages.account', icon: UserRound },
      { to: '/vnwa/account/devices', label: 'admin.pages.devices', icon: MonitorSmartphone },
    ],
  },
] as const;

/** `onNavigate` runs when a link is followed (the drawer closes itself with it). */
function SidebarNav({ onNavigate, openReports }: { onNavigate?: () => void; openReports: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.title')} className="flex flex-col gap-5">
      {adminNavigation.map(({ group, items }) => (
        <div key={group}>
          <p className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-neutral-600 uppercase dark:text-neutral-400">
            {t(group)}
          </p>
          <ul className="flex flex-col gap-0.5">
            {/* Not Dialog.Close asChild: Radix's Slot would join NavLink's className function into a string. */}
            {items.map(({ to, label, icon: Icon, ...item }) => (
              <li key={to}>
                <NavItem
                  to={to}
                  onClick={onNavigate}
                  className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-200/60 dark:text-neutral-300 dark:hover:bg-neutral-800"
                  activeClassName="bg-primary-700 text-white hover:bg-primary-700 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-500"
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{t(label)}</span>
                  {'badge' in item ? <OpenReportsBadge count={openReports} /> : null}
                </NavItem>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function AdminShell({
  children,
  heading,
  openReports = 0,
}: {
  children: React.ReactNode;
  heading: string;
  openReports?: number;
}) {
  const { t } = useTranslation();
  const { siteName } = useSiteInfo();
  return (
    <div className="min-h-dvh bg-neutral-50 lg:grid lg:grid-cols-[16rem_1fr] dark:bg-neutral-950">
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-neutral-200 bg-neutral-100/70 lg:flex dark:border-neutral-800 dark:bg-neutral-900/60">
        <div className="flex h-16 items-center px-5">
          <Logo siteName={siteName} to="/vnwa" />
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-6">
          <SidebarNav openReports={openReports} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-neutral-200 bg-white/85 px-3 backdrop-blur sm:px-6 dark:border-neutral-800 dark:bg-neutral-950/85">
          <span className="relative lg:hidden">
            <MenuSheet heading={<Logo siteName={siteName} to="/vnwa" />} triggerClassName="">
              {(close) => <SidebarNav onNavigate={close} openReports={openReports} />}
            </MenuSheet>
            {/* Phones: a dot on the menu button says reports are open; the menu itself has the count. */}
            {openReports > 0 ? (
              <span
                aria-hidden
                className="pointer-events-none absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-neutral-950"
              />
            ) : null}
          </span>
          <h1 className="truncate text-base font-semibold sm:text-lg">{heading}</h1>
          <div className="ml-auto flex items-center gap-1">
            <Button asChild variant="ghost" size="md" className="hidden sm:inline-flex">
              <AppLink to="/">
                <ExternalLink aria-hidden />
                {t('nav.viewSite')}
              </AppLink>
            </Button>
            <LanguageSwitcher />
            <ColorModeSwitcher />
            <UserMenu area="admin" />
          </div>
        </header>
        <main id="main" className="flex-1 px-3 py-6 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function VnwaLayout() {
  const openReports = useOpenReports(useLoaderData<typeof loader>().openReports);
  const title = usePageTitle();
  const { siteName, separator } = useSiteInfo();
  const heading = title.endsWith(`${separator}${siteName}`)
    ? title.slice(0, -`${separator}${siteName}`.length)
    : title;
  return (
    <AdminShell heading={heading} openReports={openReports}>
      <PageTitle />
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { user } = useAuth();
  // Someone signed in without the admin role sees nothing of the back office, not even its menu.
  if (isRouteErrorResponse(error) && error.status === 403 && !user?.roles.includes('admin'))
    return <ErrorView />;
  return (
    <AdminShell heading={t('admin.title')}>
      <ErrorView variant="inline" />
    </AdminShell>
  );
}
