// A side drawer on Radix Dialog, for navigation on small screens.
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { ModalPortal } from '#app/components/ui/dialog.tsx';
import { cn } from '#app/lib/cn.ts';

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;

export function SheetContent({
  side = 'left',
  heading,
  closeLabel,
  className,
  children,
  ...props
}: ComponentProps<typeof Dialog.Content> & {
  side?: 'left' | 'right';
  heading: ReactNode;
  closeLabel: string;
}) {
  return (
    <ModalPortal>
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(20rem,85vw)] flex-col border-neutral-200 bg-white shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-950',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          className,
        )}
        aria-describedby={undefined}
        {...props}
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Dialog.Title className="font-semibold">{heading}</Dialog.Title>
          <Dialog.Close
            className="grid size-10 place-items-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-6">{children}</div>
      </Dialog.Content>
    </ModalPortal>
  );
}
