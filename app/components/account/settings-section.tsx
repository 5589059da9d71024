// One block of a settings page: a title and a short explanation beside (desktop) or above (phone) its form.
import type { ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

export function SettingsSection({
  title,
  description,
  children,
  tone = 'default',
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn(
        'rounded-2xl border bg-white p-5 shadow-xs sm:p-6 dark:bg-neutral-900/60',
        tone === 'danger'
          ? 'border-red-200 dark:border-red-500/30'
          : 'border-neutral-200 dark:border-neutral-800',
      )}
    >
      <div className="mb-5 space-y-1">
        <h2 id={id ? `${id}-title` : undefined} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
        ) : null}
      </div>
      {children}
    </section>
  );
}
