// The public site's default layout: header with navigation and preferences, content, footer.
import { useTranslation } from '#app/lib/use-translation.ts';
import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { MenuSheet } from '#app/components/menu-sheet.tsx';
import { DrawerMenu, FooterMenu, HeaderMenu } from '#app/components/site-menus.tsx';
import { HeaderSearch } from '#app/components/catalog/header-search.tsx';
import { ErrorView } from '#app/components/error-view.tsx';
import { HydrateLater } from '#app/components/hydrate-later.tsx';
import { Icon } from '#app/components/icon.tsx';
import { Logo } from '#app/components/logo.tsx';
import { SiteFooterInfo } from '#app/components/site-footer-info.tsx';
import { ColorModeSwitcher, LanguageSwitcher } from '#app/components/preferences.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { UserMenu } from '#app/components/user-menu.tsx';
import { NotificationBell } from '#app/components/notifications/notification-bell.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { PageTitle, useSiteInfo } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { loadMenus } from '#app/lib/navigation.server.ts';
import type { SiteMenus } from '#shared/menus.ts';
import type { Route } from './+types/default';

/** The header's and footer's menus (decision 048): the setting, resolved against the visible terms. */
export const loader = withAccess('public', async (_args: Route.LoaderArgs, { services }) => ({
  menus: await loadMenus(services),
}));

// The menus change when an admin saves them, not as a visitor moves between pages: read them again only after a
// form's write (and on the next full load).
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

const NO_MENUS: SiteMenus = { header: [], footer: [] };

function SiteShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { siteName } = useSiteInfo();
  const { user } = useAuth();
  // Also read by the error page, which shows the menus when only the page below failed.
  const menus = useRouteLoaderData<typeof loader>('layouts/default')?.menus ?? NO_MENUS;
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
          <MenuSheet heading={<Logo siteName={siteName} />} triggerClassName="xl:hidden">
            {(close) => (
              <DrawerMenu items={menus.header} label={t('nav.menu')} onNavigate={close} />
            )}
          </MenuSheet>
          <Logo
            siteName={siteName}
            // Signed in, a phone's header also holds the bell: the mark alone names the site there.
            compact={Boolean(user)}
            className="mr-1 sm:mr-4"
          />
          <HeaderMenu items={menus.header} name={t('nav.menu')} />
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
                  <Icon name="log-in" />
                  <span className="hidden sm:inline">{t('nav.signIn')}</span>
                </AppLink>
              </Button>
            )}
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col">{children}</div>
      <HydrateLater>
        <footer className="border-t border-neutral-200 dark:border-neutral-800">
          <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 py-8 text-sm text-neutral-500 sm:px-6 dark:text-neutral-400">
            <FooterMenu items={menus.footer} label={t('menus.footer')} />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <Logo
                  siteName={siteName}
                  className="shrink-0 text-neutral-900 dark:text-neutral-100"
                />
                <SiteFooterInfo />
              </div>
              <p className="shrink-0">
                {t('footer.rights', { year: new Date().getFullYear(), site: siteName })}
              </p>
            </div>
          </div>
        </footer>
      </HydrateLater>
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
