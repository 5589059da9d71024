// A short hint on hover and on keyboard focus (Radix Tooltip). Touch screens do not hover: put nothing only here
// that a person on a phone needs, or show it somewhere they can reach as well.
import { Tooltip as Primitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

export function Tooltip({
  content,
  children,
  side = 'top',
  className,
}: {
  content: ReactNode;
  /** One element that can take focus (a button, or a span with tabIndex={0}). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}) {
  return (
    <Primitive.Provider delayDuration={200} skipDelayDuration={300}>
      <Primitive.Root>
        <Primitive.Trigger asChild>{children}</Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-72 rounded-lg bg-neutral-900 px-3 py-2 text-xs leading-relaxed break-words text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900',
              className,
            )}
          >
            {content}
            <Primitive.Arrow className="fill-neutral-900 dark:fill-neutral-100" />
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
    </Primitive.Provider>
  );
}
