// The account's general settings, shared by `/account/general` and `/vnwa/account/general`: profile (name, avatar,
// language), email, notification emails, password, and deleting the account.
import { BadgeCheck, Camera, Save, Trash2 } from 'lucide-react';
import { NOTIFICATION_EMAILS, type NotificationEmail } from '#shared/notifications.ts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNavigate, useRevalidator } from 'react-router';
import { ResendVerification } from '#app/routes/auth/unverified.tsx';
import { NewPasswordFields } from '#app/components/account/new-password-fields.tsx';
import { SettingsSection } from '#app/components/account/settings-section.tsx';
import { PickFromStorageButton } from '#app/components/files/storage-file-picker.tsx';
import { ImageField } from '#app/components/image-field.tsx';
import { useSwitchLanguage } from '#app/components/preferences.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { SelectField, TextField } from '#app/components/ui/input.tsx';
import { ApiForm, type ApiFormState } from '#app/components/api-form.tsx';
import { CurrentPasswordField } from '#app/components/account/auth-form.tsx';
import { isApiError } from '#app/lib/api.ts';
import { useAuth, type SessionUser } from '#app/lib/auth.tsx';
import { locales, type Locale } from '#app/lib/i18n.ts';
import { toast } from '#app/lib/toast.tsx';
import { useApiForm, useErrorMessage } from '#app/lib/use-api-form.ts';
import { useAdminAction } from '#app/lib/use-admin-action.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** One of the account's sections, its words `account.<id>.title` and `account.<id>.text`; deleting is the danger. */
function AccountSection({
  id,
  children,
}: {
  id: 'profile' | 'email' | 'password' | 'delete';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      id={id}
      tone={id === 'delete' ? 'danger' : 'default'}
      title={t(`account.${id}.title`)}
      description={t(`account.${id}.text`)}
    >
      {children}
    </SettingsSection>
  );
}

/** A section's form: two columns on wider screens, the form's error and the submit button across both. */
function SectionForm({
  form,
  icon,
  submitLabel,
  children,
}: {
  form: ApiFormState;
  icon?: ReactNode;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <ApiForm
      method="post"
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      errorClassName="sm:col-span-2"
    >
      {children}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={form.pending}>
          {icon}
          {submitLabel}
        </Button>
      </div>
    </ApiForm>
  );
}

function ProfileSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const { api } = useAuth();
  const act = useAdminAction();
  const revalidator = useRevalidator();
  const switchLanguage = useSwitchLanguage();
  const form = useApiForm({
    check: (values, rules) => ({ name: rules.required(values.name) }),
    submit: async (values) => {
      const locale = values.locale as Locale;
      await api.patch('/user', { name: values.name!.trim(), locale });
      if (locale !== i18n.language) await switchLanguage(locale);
    },
    onSuccess: async () => {
      toast.success(t('account.saved'));
      await revalidator.revalidate();
    },
  });

  return (
    <AccountSection id="profile">
      <div className="mb-6">
        <ImageField
          preview={<Avatar name={user.name} src={user.avatar} className="size-16 text-xl" />}
          inputLabel={t('account.avatar.choose')}
          testId="avatar-input"
          chooseLabel={
            <>
              <Camera aria-hidden />
              {t('account.avatar.change')}
            </>
          }
          maxBytes={AVATAR_MAX_BYTES}
          field="avatar"
          upload={async (file) => {
            const body = new FormData();
            body.set('avatar', file);
            await api.put('/user/avatar', body);
            toast.success(t('account.avatar.updated'));
            await revalidator.revalidate();
          }}
          onRemove={
            user.avatar
              ? async () => {
                  await api.delete('/user/avatar');
                  await revalidator.revalidate();
                }
              : undefined
          }
          hint={t('account.avatar.hint', { mb: 5 })}
          extra={
            // Admins keep pictures in Local Files (decision 050): their own can come from there.
            user.roles.includes('admin') ? (
              <PickFromStorageButton
                onPick={(path) =>
                  void act(
                    () => api.put('/user/avatar/from-storage', { path }),
                    t('account.avatar.updated'),
                  ).catch(() => undefined)
                }
              />
            ) : null
          }
        />
      </div>
      <SectionForm form={form} icon={<Save aria-hidden />} submitLabel={t('form.save')}>
        <TextField
          label={t('form.name')}
          {...form.field('name')}
          defaultValue={user.name}
          autoComplete="name"
          maxLength={100}
        />
        <SelectField
          label={t('language.label')}
          {...form.field('locale')}
          defaultValue={i18n.language}
        >
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {t(`language.${locale}`)}
            </option>
          ))}
        </SelectField>
      </SectionForm>
    </AccountSection>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useApiForm({
    check: (values, rules) => ({
      email: rules.email(values.email),
      current_password: rules.required(values.current_password),
    }),
    submit: async (values) => {
      const email = values.email!.trim();
      await api.put('/user/email', { email, current_password: values.current_password });
      return email;
    },
    onSuccess: (email, element) => {
      setPendingEmail(email);
      element.reset();
    },
  });
  return (
    <AccountSection id="email">
      <div className="mb-5 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium break-all">{user.email}</span>
        {user.emailVerified ? (
          <Badge tone="primary">
            <BadgeCheck className="size-3.5" aria-hidden />
            {t('account.email.verified')}
          </Badge>
        ) : (
          <Badge tone="warning">{t('account.email.unverified')}</Badge>
        )}
      </div>
      {!user.emailVerified ? (
        <div className="mb-5">
          <ResendVerification quiet />
        </div>
      ) : null}
      {pendingEmail ? (
        <Alert tone="info" className="mb-5">
          {t('account.email.pending', { email: pendingEmail })}
        </Alert>
      ) : null}
      <SectionForm form={form} submitLabel={t('account.email.submit')}>
        <TextField
          label={t('account.email.new')}
          {...form.field('email')}
          type="email"
          autoComplete="email"
        />
        <CurrentPasswordField
          label={t('form.currentPassword')}
          {...form.field('current_password')}
        />
      </SectionForm>
    </AccountSection>
  );
}

/** Notification emails: off, one per notification, or a daily digest; `#notifications` is the emails' link here. */
function NotificationsSection({
  user,
  notificationEmail,
}: {
  user: SessionUser;
  notificationEmail: NotificationEmail;
}) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const form = useApiForm({
    submit: (values) => api.patch('/user', { notification_email: values.notification_email }),
    onSuccess: async () => {
      toast.success(t('notifications.email.saved'));
      await revalidator.revalidate();
    },
  });
  return (
    <div id="notifications" className="scroll-mt-20">
      <SettingsSection
        id="notification-email"
        title={t('notifications.email.title')}
        description={t('notifications.email.text')}
      >
        {!user.emailVerified ? (
          <Alert tone="info" className="mb-5">
            {t('notifications.email.unverified')}
          </Alert>
        ) : null}
        <SectionForm
          form={form}
          icon={<Save aria-hidden />}
          submitLabel={t('notifications.email.submit')}
        >
          <SelectField
            label={t('notifications.email.label')}
            {...form.field('notification_email')}
            defaultValue={notificationEmail}
          >
            {NOTIFICATION_EMAILS.map((choice) => (
              <option key={choice} value={choice}>
                {t(`notifications.email.${choice}`)}
              </option>
            ))}
          </SelectField>
        </SectionForm>
      </SettingsSection>
    </div>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const { api } = useAuth();
  const form = useApiForm({
    check: (values, rules) => ({
      current_password: rules.required(values.current_password),
      password: rules.password(values.password),
      password_confirmation: rules.confirmation(values.password_confirmation, values.password),
    }),
    submit: (values) =>
      api.put('/user/password', {
        current_password: values.current_password,
        password: values.password,
        password_confirmation: values.password_confirmation,
      }),
    onSuccess: (_, element) => {
      element.reset();
      toast.success(t('account.password.done'));
    },
  });
  return (
    <AccountSection id="password">
      <SectionForm form={form} submitLabel={t('account.password.submit')}>
        <CurrentPasswordField
          label={t('form.currentPassword')}
          {...form.field('current_password')}
          className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
        />
        <NewPasswordFields errors={form.errors} />
      </SectionForm>
    </AccountSection>
  );
}

function DeleteSection() {
  const { t } = useTranslation();
  const { api, reset } = useAuth();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState('');
  const [error, setError] = useState<string | null>(null);
  const word = t('account.delete.word');
  return (
    <AccountSection id="delete">
      <ConfirmDialog
        title={t('account.delete.confirmTitle')}
        description={t('account.delete.confirmText')}
        confirmLabel={t('account.delete.submit')}
        trigger={
          <Button
            variant="outline"
            size="lg"
            className="border-red-300 text-red-700 hover:bg-red-50 dark:border-red-500/40 dark:text-red-300 dark:hover:bg-red-500/10"
          >
            <Trash2 aria-hidden />
            {t('account.delete.open')}
          </Button>
        }
        onConfirm={async () => {
          setError(null);
          if (confirmed.trim().toLowerCase() !== word.toLowerCase()) {
            setError(t('account.delete.typeWord', { word }));
            throw new Error('not confirmed');
          }
          try {
            await api.delete('/user', { password });
          } catch (caught) {
            setError(
              isApiError(caught) && caught.fields.password
                ? caught.fields.password
                : errorMessage(caught),
            );
            throw caught;
          }
          reset();
          toast.success(t('account.delete.done'));
          await navigate('/');
          await revalidator.revalidate();
        }}
      >
        <div className="flex flex-col gap-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <CurrentPasswordField
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label={t('account.delete.typeWord', { word })}
            name="confirmation"
            autoComplete="off"
            value={confirmed}
            onChange={(event) => setConfirmed(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </AccountSection>
  );
}

export function AccountSettings({
  user,
  notificationEmail,
}: {
  user: SessionUser;
  notificationEmail: NotificationEmail;
}) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <NotificationsSection user={user} notificationEmail={notificationEmail} />
      <PasswordSection />
      <DeleteSection />
    </div>
  );
}
