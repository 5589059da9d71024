// The signed-in user's menu in the headers: profile, account, devices, followed movies, watch history,
// notifications, the back office for admins, sign out.
import {
  Bell,
  Bookmark,
  CircleUserRound,
  History,
  LayoutDashboard,
  LogOut,
  MonitorSmartphone,
  UserRound,
} from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { AppLink } from '#app/components/app-link.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';

/** The viewer's own lists, in the public site's menu only. */
const SITE_ITEMS = [
  { to: '/account/follow-movies', icon: Bookmark, label: 'pages.followMovies' },
  { to: '/user/histories', icon: History, label: 'pages.histories' },
  { to: '/user/notifications', icon: Bell, label: 'notifications.title' },
] as const;

export function UserMenu({ area = 'site' }: { area?: 'site' | 'admin' }) {
  const { t } = useTranslation();
  const { user, isAdmin, logout } = useAuth();
  const errorMessage = useErrorMessage();
  if (!user) return null;
  const base = area === 'admin' ? '/vnwa/account' : '/account';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="ml-1 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
        aria-label={t('nav.userMenu', { name: user.name })}
        data-testid="user-menu"
      >
        <Avatar name={user.name} src={user.avatar} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5 py-2">
          <span className="truncate text-sm font-semibold text-neutral-900 dark:text-neutral-100">
            {user.name}
          </span>
          <span className="truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {area === 'site' ? (
          <DropdownMenuItem asChild>
            <AppLink to="/user/profile">
              <CircleUserRound aria-hidden />
              {t('pages.profile')}
            </AppLink>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <AppLink to={`${base}/general`}>
            <UserRound aria-hidden />
            {t('pages.account')}
          </AppLink>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <AppLink to={`${base}/devices`}>
            <MonitorSmartphone aria-hidden />
            {t('pages.accountDevices')}
          </AppLink>
        </DropdownMenuItem>
        {area === 'site'
          ? SITE_ITEMS.map(({ to, icon: Icon, label }) => (
              <DropdownMenuItem key={to} asChild>
                <AppLink to={to}>
                  <Icon aria-hidden />
                  {t(label)}
                </AppLink>
              </DropdownMenuItem>
            ))
          : null}
        {isAdmin && area === 'site' ? (
          <DropdownMenuItem asChild>
            <AppLink to="/vnwa">
              <LayoutDashboard aria-hidden />
              {t('nav.backOffice')}
            </AppLink>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            logout().catch((error: unknown) => toast.error(errorMessage(error)));
          }}
        >
          <LogOut aria-hidden />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
