// The public site's default layout: header with navigation and preferences, content, footer.
import { Clapperboard, Home, LogIn } from 'lucide-react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { Outlet } from 'react-router';
import { AppLink, NavLinks } from '#app/components/app-link.tsx';
import { MenuSheet } from '#app/components/menu-sheet.tsx';
import { HeaderSearch } from '#app/components/catalog/header-search.tsx';
import { ErrorView } from '#app/components/error-view.tsx';
import { Logo } from '#app/components/logo.tsx';
import { SiteFooterInfo } from '#app/components/site-footer-info.tsx';
import { ColorModeSwitcher, LanguageSwitcher } from '#app/components/preferences.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { UserMenu } from '#app/components/user-menu.tsx';
import { NotificationBell } from '#app/components/notifications/notification-bell.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { PageTitle, useSiteInfo } from '#app/lib/title.tsx';

const navItems = [
  { to: '/', label: 'nav.home', icon: Home, end: true },
  { to: '/movies', label: 'nav.movies', icon: Clapperboard, end: false },
] as const;

function SiteShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { siteName } = useSiteInfo();
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('site.skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-neutral-200/70 bg-white/80 backdrop-blur-md supports-[backdrop-filter]:bg-white/70 dark:border-neutral-800/70 dark:bg-neutral-950/80">
        <div className="mx-auto flex h-16 w-full max-w-screen-2xl items-center gap-1 px-2 xs:gap-2 sm:px-6">
          <MenuSheet heading={<Logo siteName={siteName} />} triggerClassName="md:hidden">
            {(close) => (
              <nav className="flex flex-col gap-1" aria-label={t('nav.menu')}>
                {/* Not Dialog.Close asChild: Radix's Slot would join NavLink's className function into a string. */}
                <NavLinks
                  items={navItems}
                  onNavigate={close}
                  iconClassName="size-5"
                  className="flex items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-neutral-100 dark:hover:bg-neutral-900"
                  activeClassName="bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300"
                />
              </nav>
            )}
          </MenuSheet>
          <Logo
            siteName={siteName}
            // Signed in, a phone's header also holds the bell: the mark alone names the site there.
            compact={Boolean(user)}
            className="mr-1 sm:mr-4"
          />
          <nav className="hidden items-center gap-1 md:flex" aria-label={t('nav.menu')}>
            <NavLinks
              items={navItems}
              className="rounded-lg px-3 py-2 text-sm font-medium text-neutral-600 transition-colors hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white"
              activeClassName="text-neutral-950 dark:text-white"
            />
          </nav>
          <HeaderSearch />
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ColorModeSwitcher />
            {user ? (
              <>
                <NotificationBell />
                <UserMenu />
              </>
            ) : (
              <Button
                asChild
                size="md"
                className="ml-1 max-sm:size-10 max-sm:px-0"
                aria-label={t('nav.signIn')}
              >
                <AppLink to="/auth/login">
                  <LogIn aria-hidden />
                  <span className="hidden sm:inline">{t('nav.signIn')}</span>
                </AppLink>
              </Button>
            )}
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col">{children}</div>
      <footer className="border-t border-neutral-200 dark:border-neutral-800">
        <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-3 px-4 py-8 text-sm text-neutral-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-neutral-400">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Logo siteName={siteName} className="shrink-0 text-neutral-900 dark:text-neutral-100" />
            <SiteFooterInfo />
          </div>
          <p>{t('footer.rights', { year: new Date().getFullYear(), site: siteName })}</p>
        </div>
      </footer>
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <SiteShell>
      <PageTitle />
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  return (
    <SiteShell>
      <ErrorView />
    </SiteShell>
  );
}
