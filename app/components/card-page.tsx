// A page of one card in the middle of the screen (the sign-in steps, the admin's sign-in): the logo and the
// language and colour switchers above, the card in the page's main landmark.
import type { ReactNode } from 'react';
import { Logo } from '#app/components/logo.tsx';
import { ColorModeSwitcher, LanguageSwitcher } from '#app/components/preferences.tsx';
import { cn } from '#app/lib/cn.ts';
import { useSiteInfo } from '#app/lib/title.tsx';

export function CardPage({
  className,
  cardClassName,
  backdrop,
  footer,
  children,
}: {
  /** The page's own background. */
  className: string;
  /** The card's width and surface. */
  cardClassName: string;
  /** Decoration behind the header and the card. */
  backdrop?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { siteName } = useSiteInfo();
  return (
    <div className={cn('relative flex min-h-dvh flex-col', className)}>
      {backdrop}
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
        <div
          className={cn(
            'w-full rounded-2xl border border-neutral-200 p-6 shadow-xl sm:p-8 dark:border-neutral-800',
            cardClassName,
          )}
        >
          {children}
        </div>
      </main>
      {footer}
    </div>
  );
}
