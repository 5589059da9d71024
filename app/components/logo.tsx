// The site mark and name, linking home: the logos Web Info holds (light and dark) when set, else the built-in mark
// beside the site's name.
import { Play } from 'lucide-react';
import { useRouteLoaderData } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { cn } from '#app/lib/cn.ts';
import type { loader as rootLoader } from '#app/root.tsx';

// A phone's header also holds the search, language, colour and account buttons: the logo gets less room there.
const LOGO_CLASS = 'h-8 w-auto max-w-24 object-contain object-left sm:max-w-40';

export function Logo({
  siteName,
  to = '/',
  className,
}: {
  siteName: string;
  to?: string;
  className?: string;
}) {
  const site = useRouteLoaderData<typeof rootLoader>('root')?.site;
  const light = site?.logoLight ?? site?.logoDark ?? null;
  const dark = site?.logoDark ?? light;
  if (light && dark)
    return (
      <AppLink to={to} className={cn('flex min-w-0 items-center', className)}>
        {/* One picture per colour mode; a site with one logo shows it in both. */}
        <img src={light} alt={siteName} className={cn(LOGO_CLASS, 'dark:hidden')} />
        <img
          src={dark}
          alt={siteName}
          className={cn(LOGO_CLASS, 'hidden dark:block')}
          data-testid="logo-dark"
        />
      </AppLink>
    );
  return (
    <AppLink to={to} className={cn('flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-primary-600 text-white shadow-sm shadow-primary-900/30 dark:bg-primary-500 dark:text-neutral-950">
        <Play className="size-4 translate-x-px fill-current" aria-hidden />
      </span>
      <span className="text-lg">{siteName}</span>
    </AppLink>
  );
}
