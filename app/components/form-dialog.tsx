// A dialog that is one form: its title, the form's own error on top, the fields, then Cancel and the submit button.
import type { FormEventHandler, ReactNode } from 'react';
import { FormActions } from '#app/components/form-actions.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';

export function FormDialog({
  title,
  description,
  className,
  onClose,
  form,
  submitLabel,
  danger,
  disabled,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's own width, where the form needs more room. */
  className?: string;
  /** Escape, the close button and Cancel call it. */
  onClose: () => void;
  /** What `useApiForm` answers. */
  form: {
    onSubmit: FormEventHandler<HTMLFormElement>;
    formError: string | null;
    pending: boolean;
  };
  submitLabel?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description} className={className}>
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          {children}
          <FormActions
            className="mt-2"
            onCancel={onClose}
            pending={form.pending}
            submitLabel={submitLabel}
            danger={danger}
            disabled={disabled}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
