// Modal dialogs (Radix, in dialog.radix.tsx), fetched when someone opens one (decision 056). `ConfirmDialog` asks
// before destroying data.
import { useState, type ReactNode } from 'react';
import { FormActions } from '#app/components/form-actions.tsx';
import { deferred } from '#app/components/ui/deferred.tsx';

export const dialog = deferred(() => import('#app/components/ui/dialog.radix.tsx'), {
  attributes: { 'aria-haspopup': 'dialog', 'aria-expanded': false, 'data-state': 'closed' },
  opensOn: 'click',
});

export const Dialog = dialog.Root;
export const DialogTrigger = dialog.Trigger;
export const DialogClose = dialog.part('DialogClose');
export const DialogContent = dialog.part('DialogContent');

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
