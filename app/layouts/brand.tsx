// The brand layout (primary sky, accent purple): a focused card for signing in and other account steps.
import { useTranslation } from '#app/lib/use-translation.ts';
import { Outlet } from 'react-router';
import { CardPage } from '#app/components/card-page.tsx';
import { ErrorView } from '#app/components/error-view.tsx';
import { PageTitle } from '#app/lib/title.tsx';

function BrandShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <CardPage
      className="theme-brand overflow-hidden bg-neutral-50 dark:bg-neutral-950"
      cardClassName="max-w-md bg-white/90 shadow-purple-950/5 backdrop-blur dark:bg-neutral-900/80"
      backdrop={
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(ellipse_at_top,theme(--color-purple-500/25%),transparent_60%),radial-gradient(ellipse_at_top_right,theme(--color-sky-500/25%),transparent_55%)]"
        />
      }
      footer={
        <footer className="relative pb-6 text-center text-xs text-neutral-500 dark:text-neutral-400">
          {t('site.tagline')}
        </footer>
      }
    >
      {children}
    </CardPage>
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
