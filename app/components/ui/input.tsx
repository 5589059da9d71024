// Form controls: outline inputs by default (spec section 9), a label, a hint and the error under each field.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type JSX, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { cn } from '#app/lib/cn.ts';

const control =
  'block w-full rounded-lg border bg-white px-3.5 text-base text-neutral-900 shadow-xs transition-colors placeholder:text-neutral-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/25 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-error-500 aria-invalid:focus:ring-error-500/25 sm:text-sm dark:bg-neutral-950 dark:text-neutral-100 dark:placeholder:text-neutral-500';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(control, 'h-11 border-neutral-300 dark:border-neutral-700', className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        control,
        'min-h-24 border-neutral-300 py-2.5 dark:border-neutral-700',
        className,
      )}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(control, 'h-11 border-neutral-300 pr-9 dark:border-neutral-700', className)}
      {...props}
    />
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput({ className, ...props }: ComponentProps<'input'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-neutral-500 dark:text-neutral-400 hover:text-neutral-800 dark:hover:text-neutral-200"
        aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
        aria-pressed={visible}
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden />
        ) : (
          <Eye className="size-4" aria-hidden />
        )}
      </button>
    </div>
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-medium text-neutral-800 dark:text-neutral-200', className)}
      {...props}
    />
  );
}

/**
 * A labelled field. `children` receives the id and aria attributes to spread on the control, so that the label,
 * the hint and the error are announced with it.
 */
export function Field({
  label,
  error,
  hint,
  className,
  action,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Something at the end of the label row (a "Forgot password?" link). */
  action?: ReactNode;
  children: (control: {
    id: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {action}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a field says around its control: the label, the hint, the error, and its own box's classes. */
type FieldFrame = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The field's box (a grid span, say); the control's own classes go in `controlClassName`. */
  className?: string;
  action?: ReactNode;
  controlClassName?: string;
};

/** One control in its Field: the control's props and the field's in one element. */
function labelled<P extends { className?: string }>(Control: (props: P) => JSX.Element) {
  return function LabelledControl({
    label,
    error,
    hint,
    className,
    action,
    controlClassName,
    ...props
  }: FieldFrame & Omit<P, 'className'>) {
    return (
      <Field label={label} error={error} hint={hint} className={className} action={action}>
        {(control) => (
          <Control {...control} {...(props as unknown as P)} className={controlClassName} />
        )}
      </Field>
    );
  };
}

export const TextField = labelled(Input);
export const PasswordField = labelled(PasswordInput);
export const TextareaField = labelled(Textarea);
export const SelectField = labelled(Select);

export function Checkbox({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 rounded border-neutral-300 accent-primary-600 dark:border-neutral-700',
        className,
      )}
      {...props}
    />
  );
}

/** A checkbox with its label beside it, the whole line clickable. */
export function CheckboxField({
  label,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label className={cn('flex items-center gap-2.5 text-sm', className)}>
      <Checkbox {...props} />
      {label}
    </label>
  );
}
