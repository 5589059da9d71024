// Form submission through the API client: pending state, field errors next to their fields (from a local check
// first, then from the server's 422), and one message for the whole form for everything else.
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { isApiError, type FieldErrors } from './api.ts';

export type FormValues = Record<string, string>;

/** Reads a form's fields; checkboxes read as 'on' when ticked and are absent otherwise. */
export function formValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** The message a person should read for an API error, in their language where the code is known. */
export function useErrorMessage() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (!isApiError(error)) return t('form.errors.network');
      if (error.status === 429)
        return t('form.errors.tooMany', { seconds: error.retryAfter ?? 60 });
      if (error.status === 419) return t('form.errors.csrf');
      if (error.status >= 500) return t('form.errors.server');
      const known = `form.errors.codes.${error.code}`;
      const translated = t(known, { defaultValue: '' });
      return translated || error.message;
    },
    [t],
  );
}

export type FormRules = ReturnType<typeof useFormRules>;

export function useApiForm<T>(options: {
  submit: (values: FormValues, form: HTMLFormElement) => Promise<T>;
  /** The local check: each field's error, undefined where it is fine. */
  check?: (values: FormValues, rules: FormRules) => Record<string, string | undefined>;
  onSuccess?: (result: T, form: HTMLFormElement) => void | Promise<void>;
}) {
  const rules = useFormRules();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const message = useErrorMessage();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const values = formValues(form);
    const local = collectErrors(options.check?.(values, rules) ?? {});
    setFormError(null);
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError(form, local);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await options.submit(values, form);
      await options.onSuccess?.(result, form);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && Object.keys(error.fields).length) {
        setErrors(error.fields);
        focusFirstError(form, error.fields);
      } else {
        setFormError(message(error));
      }
    } finally {
      setPending(false);
    }
  };

  /** A field's name and its error, for a field component: `<TextField {...form.field('email')} />`. */
  const field = (name: string) => ({ name, error: errors[name] });

  return { onSubmit, pending, errors, formError, setErrors, setFormError, field };
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const name of Object.keys(errors)) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** Local checks shared by the account forms, with messages in the visitor's language. */
export function useFormRules() {
  const { t } = useTranslation();
  return {
    required: (value: string | undefined) => (value?.trim() ? undefined : t('form.rules.required')),
    email: (value: string | undefined) =>
      !value?.trim()
        ? t('form.rules.required')
        : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
          ? undefined
          : t('form.rules.email'),
    password: (value: string | undefined) =>
      !value
        ? t('form.rules.required')
        : value.length < 8
          ? t('form.rules.passwordLength', { min: 8 })
          : value.length > 128
            ? t('form.rules.tooLong', { max: 128 })
            : undefined,
    confirmation: (value: string | undefined, password: string | undefined) =>
      value === password ? undefined : t('form.rules.confirmation'),
  };
}

/** Drops undefined entries so an object of rule results becomes FieldErrors. */
export function collectErrors(results: Record<string, string | undefined>): FieldErrors {
  return Object.fromEntries(
    Object.entries(results).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
