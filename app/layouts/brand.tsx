// The brand layout (primary sky, accent purple): a focused card for signing in and other account steps.
import { useTranslation } from '#app/lib/use-translation.ts';
import { Outlet } from 'react-router';
import { ErrorView } from '#app/components/error-view.tsx';
import { Logo } from '#app/components/logo.tsx';
import { ColorModeSwitcher, LanguageSwitcher } from '#app/components/preferences.tsx';
import { PageTitle, useSiteInfo } from '#app/lib/title.tsx';

function BrandShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { siteName } = useSiteInfo();
  return (
    <div className="theme-brand relative flex min-h-dvh flex-col overflow-hidden bg-neutral-50 dark:bg-neutral-950">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(ellipse_at_top,theme(--color-purple-500/25%),transparent_60%),radial-gradient(ellipse_at_top_right,theme(--color-sky-500/25%),transparent_55%)]"
      />
      <header className="relative flex h-16 items-center justify-between px-4 sm:px-6">
        <Logo siteName={siteName} />
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ColorModeSwitcher />
        </div>
      </header>
      <main
        id="main"
        className="relative flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md rounded-2xl border border-neutral-200 bg-white/90 p-6 shadow-xl shadow-purple-950/5 backdrop-blur sm:p-8 dark:border-neutral-800 dark:bg-neutral-900/80">
          {children}
        </div>
      </main>
      <footer className="relative pb-6 text-center text-xs text-neutral-500 dark:text-neutral-400">
        {t('site.tagline')}
      </footer>
    </div>
  );
}

export default function BrandLayout() {
  return (
    <BrandShell>
      <PageTitle />
      <Outlet />
    </BrandShell>
  );
}

export function ErrorBoundary() {
  return (
    <BrandShell>
      {/* The shell's card already sits in the page's main landmark. */}
      <ErrorView variant="inline" />
    </BrandShell>
  );
}
