// Modal dialogs on Radix: focus is trapped and returned, Escape closes. `ConfirmDialog` asks before destroying data.
import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { FormActions } from '#app/components/form-actions.tsx';
import { cn } from '#app/lib/cn.ts';

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
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

/** A yes/no question before a destructive action; the action's errors stay in the dialog. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
  children,
  open: controlledOpen,
  onOpenChange,
  onClose,
}: {
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  /** Resolve to close the dialog; throw to keep it open (show the error yourself through `children`). */
  onConfirm: () => Promise<unknown> | unknown;
  destructive?: boolean;
  children?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Instead of `open` and `onOpenChange`: the dialog is shown, and closing it (dismissed or done) calls this. */
  onClose?: () => void;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const open = controlledOpen ?? (onClose ? true : uncontrolledOpen);
  const setOpen =
    onOpenChange ?? (onClose ? (next: boolean) => !next && onClose() : setUncontrolledOpen);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={title} description={description}>
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setPending(true);
            try {
              await onConfirm();
              setOpen(false);
            } catch {
              // The caller shows what went wrong; the dialog stays open.
            } finally {
              setPending(false);
            }
          }}
        >
          {children}
          <FormActions
            className="mt-6"
            pending={pending}
            submitLabel={confirmLabel}
            danger={destructive}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
