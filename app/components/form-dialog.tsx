// A dialog that is one form: its title, the form's own error on top, the fields, then Cancel and the submit button.
import type { ReactNode } from 'react';
import { ApiForm, type ApiFormState } from '#app/components/api-form.tsx';
import { FormActions } from '#app/components/form-actions.tsx';
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
  form: ApiFormState;
  submitLabel?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description} className={className}>
        <ApiForm form={form} className="flex flex-col gap-4">
          {children}
          <FormActions
            className="mt-2"
            onCancel={onClose}
            pending={form.pending}
            submitLabel={submitLabel}
            danger={danger}
            disabled={disabled}
          />
        </ApiForm>
      </DialogContent>
    </Dialog>
  );
}
