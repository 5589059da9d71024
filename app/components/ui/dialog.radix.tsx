// Modal dialogs and side sheets on Radix: focus is trapped and returned, Escape closes. Loaded when first wanted,
// through dialog.tsx and sheet.tsx (decision 056): import those.
import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { cn } from '#app/lib/cn.ts';

export const Root = Primitive.Root;
export const Trigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

/** A modal's layer: the page dimmed behind it, and the modal above, out of the page's flow. */
export function ModalPortal({ children }: { children: ReactNode }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-40 bg-neutral-950/60 backdrop-blur-sm" />
      {children}
    </Primitive.Portal>
  );
}

export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof Primitive.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalPortal>
      <Primitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-6 shadow-2xl outline-none dark:border-neutral-800 dark:bg-neutral-900',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <Primitive.Title className="text-lg font-semibold text-balance">{title}</Primitive.Title>
          <Primitive.Close
            className="-mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg text-neutral-500 dark:text-neutral-400 hover:bg-neutral-100 dark:hover:bg-neutral-800"
            aria-label={t('form.close')}
          >
            <X className="size-5" aria-hidden />
          </Primitive.Close>
        </div>
        {description ? (
          <Primitive.Description className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            {description}
          </Primitive.Description>
        ) : null}
        <div className="mt-5">{children}</div>
      </Primitive.Content>
    </ModalPortal>
  );
}

/** A side drawer, for navigation on small screens. */
export function SheetContent({
  side = 'left',
  heading,
  closeLabel,
  className,
  children,
  ...props
}: ComponentProps<typeof Primitive.Content> & {
  side?: 'left' | 'right';
  heading: ReactNode;
  closeLabel: string;
}) {
  return (
    <ModalPortal>
      <Primitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(20rem,85vw)] flex-col border-neutral-200 bg-white shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-950',
          side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
          className,
        )}
        aria-describedby={undefined}
        {...props}
      >
        <div className="flex h-16 items-center justify-between px-4">
          <Primitive.Title className="font-semibold">{heading}</Primitive.Title>
          <Primitive.Close
            className="grid size-10 place-items-center rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-800"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden />
          </Primitive.Close>
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-6">{children}</div>
      </Primitive.Content>
    </ModalPortal>
  );
}
