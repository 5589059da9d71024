// The forms of the sign-in cards (sign in, register, forgot, reset, the admin's sign-in): the fields one under
// another, the form's error on top, and one wide submit button that says while it waits (each card's words are
// `auth.<action>.submit` and `auth.<action>.submitting`).
import type { ComponentProps, ReactNode } from 'react';
import { ApiForm } from '#app/components/api-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PasswordField, TextField } from '#app/components/ui/input.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useTranslation } from '#app/lib/use-translation.ts';

export function AuthForm({
  form,
  action,
  icon,
  children,
  ...props
}: ComponentProps<typeof ApiForm> & {
  /** Whose words the button says. */
  action: 'login' | 'register' | 'forgot' | 'reset';
  icon: ReactNode;
}) {
  const { t } = useTranslation();
  // The form is sent by script (the API, its CSRF header): until the page has hydrated, the button waits, and with
  // it the browser's own sending (Enter in a field, a password manager's fill-and-send), which would post to a page
  // that takes no posts. The fields take typing and filling meanwhile.
  const hydrated = useHydrated();
  return (
    // POST: were it sent all the same (no JavaScript at all), the email and password stay out of the URL.
    <ApiForm method="post" form={form} className="flex flex-col gap-4" {...props}>
      {children}
      <Button type="submit" disabled={form.pending || !hydrated} className="mt-2 w-full">
        {icon}
        {form.pending ? t(`auth.${action}.submitting`) : t(`auth.${action}.submit`)}
      </Button>
    </ApiForm>
  );
}

/** The account's email, as sign-in and registration ask for it (`username` where a password manager wants that). */
export function EmailField({
  error,
  autoComplete = 'email',
}: {
  error?: string;
  autoComplete?: 'email' | 'username';
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.email')}
      error={error}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
    />
  );
}

/** The password the account has now, to sign in or to confirm a change (named `password` unless told). */
export function CurrentPasswordField({
  label,
  ...props
}: Omit<ComponentProps<typeof PasswordField>, 'label' | 'autoComplete'> & { label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={label ?? t('form.password')}
      name="password"
      autoComplete="current-password"
      {...props}
    />
  );
}
