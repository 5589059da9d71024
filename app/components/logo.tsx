// The site mark and name, linking home: the logos Web Info holds (light and dark) when set, else the built-in mark
// beside the site's name.
import { useRouteLoaderData } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { Icon } from '#app/components/icon.tsx';
import { cn } from '#app/lib/cn.ts';
import type { loader as rootLoader } from '#app/root.tsx';

const LOGO_CLASS = 'h-8 w-auto max-w-28 object-contain object-left sm:max-w-40';

function BuiltInMark() {
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary-600 text-white shadow-sm shadow-primary-900/30 dark:bg-primary-500 dark:text-neutral-950">
      <Icon name="play" className="translate-x-px" />
    </span>
  );
}

export function Logo({
  siteName,
  to = '/',
  className,
  compact = false,
}: {
  siteName: string;
  to?: string;
  className?: string;
  /** On phones, the mark alone (the favicon when Web Info has one): the header has little room there. */
  compact?: boolean;
}) {
  const site = useRouteLoaderData<typeof rootLoader>('root')?.site;
  const light = site?.logoLight ?? site?.logoDark ?? null;
  const dark = site?.logoDark ?? light;
  const phoneMark = compact ? (
    <span className="flex items-center sm:hidden">
      {site?.favicon ? (
        <img src={site.favicon} alt="" className="size-8 rounded-lg object-contain" />
      ) : (
        <BuiltInMark />
      )}
      <span className="sr-only">{siteName}</span>
    </span>
  ) : null;
  if (light && dark)
    return (
      <AppLink to={to} className={cn('flex shrink-0 items-center', className)}>
        {phoneMark}
        {/* One picture per colour mode; a site with one logo shows it in both. */}
        <span className={cn('flex items-center', compact && 'max-sm:hidden')}>
          <img src={light} alt={siteName} className={cn(LOGO_CLASS, 'dark:hidden')} />
          <img src={dark} alt={siteName} className={cn(LOGO_CLASS, 'hidden dark:block')} />
        </span>
      </AppLink>
    );
  return (
    <AppLink to={to} className={cn('flex items-center gap-2 font-bold tracking-tight', className)}>
      <BuiltInMark />
      <span className={cn('text-lg', compact && 'max-sm:sr-only')}>{siteName}</span>
    </AppLink>
  );
}
