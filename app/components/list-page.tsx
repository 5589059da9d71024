// The parts of a viewer's own list page (the follow list; the watch history can use them too): the empty state that
// says what would be here and leads to the movies, and the previous/next links between pages.
import type { LucideIcon } from 'lucide-react';
import { AppLink } from '#app/components/app-link.tsx';
import { Button } from '#app/components/ui/button.tsx';
import type { PageMeta } from '#shared/list-query.ts';

export function EmptyList({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Where to go instead, as a button. */
  action: { to: string; label: string };
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-300 px-6 py-16 text-center dark:border-neutral-700">
      <Icon aria-hidden className="size-10 text-neutral-400" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">{text}</p>
      <Button asChild>
        <AppLink to={action.to}>{action.label}</AppLink>
      </Button>
    </div>
  );
}

/** Links to the page before and after this one (`?page=n`), when there is more than one. */
export function PageLinks({
  meta,
  label,
  previous,
  next,
}: {
  meta: PageMeta;
  /** The navigation landmark's name. */
  label: string;
  previous: string;
  next: string;
}) {
  if (meta.last_page <= 1) return null;
  return (
    <nav aria-label={label} className="flex justify-center gap-2">
      {meta.page > 1 ? (
        <Button variant="outline" asChild>
          <AppLink to={`?page=${meta.page - 1}`}>{previous}</AppLink>
        </Button>
      ) : null}
      {meta.page < meta.last_page ? (
        <Button variant="outline" asChild>
          <AppLink to={`?page=${meta.page + 1}`}>{next}</AppLink>
        </Button>
      ) : null}
    </nav>
  );
}
