// A form sent through `useApiForm`: not checked by the browser (the form's own rules speak, by their fields), and
// the error that belongs to no field on top.
import type { ComponentProps, FormEventHandler } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';

/** What `useApiForm` answers, as far as the form's frame reads it. */
export type ApiFormState = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  pending: boolean;
};

export function ApiForm({
  form,
  errorClassName,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  form: ApiFormState;
  /** The error's own box (a grid span, say). */
  errorClassName?: string;
}) {
  return (
    <form noValidate onSubmit={form.onSubmit} {...props}>
      {form.formError ? (
        <Alert tone="error" className={errorClassName}>
          {form.formError}
        </Alert>
      ) : null}
      {children}
    </form>
  );
}
