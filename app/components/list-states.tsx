// What a viewer's own lists (watch history, notifications) show around their rows: the empty state with a way on,
// and the newer/older links between pages.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import type { PageMeta } from '#shared/list-query.ts';

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  text: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
      <Icon aria-hidden className="size-10 text-neutral-400" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">{text}</p>
      {action}
    </div>
  );
}

/** "Newer" and "Older" (page − 1 and + 1 in the URL), when there is more than one page. */
export function NewerOlderPager({
  meta,
  label,
  newer,
  older,
}: {
  meta: PageMeta;
  label: string;
  newer: ReactNode;
  older: ReactNode;
}) {
  if (meta.last_page <= 1) return null;
  return (
    <nav aria-label={label} className="flex justify-center gap-2">
      {meta.page > 1 ? (
        <Button variant="outline" asChild>
          <AppLink to={`?page=${meta.page - 1}`}>{newer}</AppLink>
        </Button>
      ) : null}
      {meta.page < meta.last_page ? (
        <Button variant="outline" asChild>
          <AppLink to={`?page=${meta.page + 1}`}>{older}</AppLink>
        </Button>
      ) : null}
    </nav>
  );
}
