// A dialog that is one form: its title, the form's own error on top, the fields, then Cancel and the submit button.
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { ApiForm, type ApiFormState } from '#app/components/api-form.tsx';
import { FormActions } from '#app/components/form-actions.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm, type FormRules, type FormValues } from '#app/lib/use-api-form.ts';

/**
 * The form of a dialog that changes the page's data. `check` names each field's local error (undefined where it is
 * fine); once `submit` resolves, `done` is said in a toast (when there is one), the dialog closes, the page's data
 * loads again, then `after` runs.
 */
export function useDialogForm<T>({
  check,
  submit,
  done,
  onClose,
  after,
}: {
  check?: (values: FormValues, rules: FormRules) => Record<string, string | undefined>;
  submit: (values: FormValues, form: HTMLFormElement) => Promise<T>;
  done?: string | ((result: T) => string);
  onClose: () => void;
  after?: (result: T) => void;
}) {
  const revalidator = useRevalidator();
  return useApiForm({
    check,
    submit,
    onSuccess: async (result) => {
      if (done) toast.success(typeof done === 'function' ? done(result) : done);
      onClose();
      await revalidator.revalidate();
      after?.(result);
    },
  });
}

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
