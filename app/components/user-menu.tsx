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
        {area === 'site' ? (
          <DropdownMenuItem asChild>
            <AppLink to="/account/follow-movies">
              <Bookmark aria-hidden />
              {t('pages.followMovies')}
            </AppLink>
          </DropdownMenuItem>
        ) : null}
        {area === 'site' ? (
          <DropdownMenuItem asChild>
            <AppLink to="/user/histories">
              <History aria-hidden />
              {t('pages.histories')}
            </AppLink>
          </DropdownMenuItem>
        ) : null}
        {area === 'site' ? (
          <DropdownMenuItem asChild>
            <AppLink to="/user/notifications">
              <Bell aria-hidden />
              {t('notifications.title')}
            </AppLink>
          </DropdownMenuItem>
        ) : null}
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
