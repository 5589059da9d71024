// The site mark and name, linking home.
import { Play } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { cn } from '#app/lib/cn.ts';

export function Logo({
  siteName,
  to = '/',
  className,
}: {
  siteName: string;
  to?: string;
  className?: string;
}) {
  return (
    <AppLink to={to} className={cn('flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-primary-600 text-white shadow-sm shadow-primary-900/30 dark:bg-primary-500 dark:text-neutral-950">
        <Play className="size-4 translate-x-px fill-current" aria-hidden />
      </span>
      <span className="text-lg">{siteName}</span>
    </AppLink>
  );
}
