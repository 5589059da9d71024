// The heading of a card in the brand layout (sign in, register, reset...).
import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      {children ? (
        <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{children}</p>
      ) : null}
    </div>
  );
}
