// A new password and its confirmation, as registration, the password reset and the account's password form ask
// for them: named `password` and `password_confirmation`, as the API reads them, and offered to password managers.
import type { FieldErrors } from '#app/lib/api.ts';
import { PasswordField } from '#app/components/ui/input.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';

export function NewPasswordFields({ errors, label }: { errors: FieldErrors; label?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label ?? t('form.newPassword')}
        error={errors.password}
        hint={t('form.rules.passwordHint', { min: 8 })}
        name="password"
        autoComplete="new-password"
      />
      <PasswordField
        label={t('form.passwordConfirmation')}
        error={errors.password_confirmation}
        name="password_confirmation"
        autoComplete="new-password"
      />
    </>
  );
}
