// The Users Manager's dialogs for one user: edit name and roles, and ban with a reason and an optional end.
import { Ban } from 'lucide-react';
import { FormDialog, useDialogForm } from '#app/components/form-dialog.tsx';
import { CheckboxField, TextField, TextareaField } from '#app/components/ui/input.tsx';
import { ROLES } from '#shared/accounts.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { AdminUser } from './route.tsx';

export function EditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, user: me } = useAuth();
  const self = me?.id === user.id;
  const form = useDialogForm({
    check: (values, rules) => ({
      name: rules.required(values.name),
      // Their own roles are not sent (the fieldset is disabled), so there is nothing to check.
      roles:
        self || values.role_admin || values.role_user ? undefined : t('admin.users.edit.oneRole'),
    }),
    submit: (values) =>
      api.patch(`/admin/users/${encodeURIComponent(user.id)}`, {
        name: values.name!.trim(),
        ...(self ? {} : { roles: ROLES.filter((role) => values[`role_${role}`]) }),
      }),
    done: t('admin.users.edit.done'),
    onClose,
  });
  return (
    <FormDialog
      title={t('admin.users.edit.title', { name: user.name })}
      onClose={onClose}
      form={form}
    >
      <TextField
        label={t('form.name')}
        {...form.field('name')}
        defaultValue={user.name}
        maxLength={100}
      />
      <fieldset
        className="flex flex-col gap-2"
        disabled={self}
        aria-describedby={form.errors.roles ? 'roles-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('admin.users.columns.roles')}</legend>
        {ROLES.map((role) => (
          <CheckboxField
            key={role}
            name={`role_${role}`}
            defaultChecked={user.roles.includes(role)}
            label={
              <>
                {t(`admin.users.roles.${role}`)}
                <span className="text-xs text-neutral-500 dark:text-neutral-400">
                  {t(`admin.users.roleHints.${role}`)}
                </span>
              </>
            }
          />
        ))}
        {self ? (
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('admin.users.edit.selfRoles')}
          </p>
        ) : null}
        {form.errors.roles ? (
          <p id="roles-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {form.errors.roles}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

/** Today in the admin's own calendar, as a date input wants it (yyyy-mm-dd). */
function localToday() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function BanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const form = useDialogForm({
    check: (values, rules) => ({ reason: rules.required(values.reason) }),
    submit: (values) =>
      api.post(`/admin/users/${encodeURIComponent(user.id)}/ban`, {
        reason: values.reason!.trim(),
        // The ban lasts through the chosen day, in the admin's time zone.
        expires_at: values.expires_at
          ? new Date(`${values.expires_at}T23:59:59`).toISOString()
          : null,
      }),
    done: t('admin.users.ban.done', { name: user.name }),
    onClose,
  });
  return (
    <FormDialog
      title={t('admin.users.ban.title', { name: user.name })}
      description={t('admin.users.ban.text')}
      onClose={onClose}
      form={form}
      danger
      submitLabel={
        <>
          <Ban aria-hidden />
          {t('admin.users.ban.submit')}
        </>
      }
    >
      <TextareaField
        label={t('admin.users.ban.reason')}
        {...form.field('reason')}
        maxLength={500}
        rows={3}
        required
      />
      <TextField
        label={t('admin.users.ban.until')}
        hint={t('admin.users.ban.untilHint')}
        {...form.field('expires_at')}
        type="date"
        min={localToday()}
      />
    </FormDialog>
  );
}
