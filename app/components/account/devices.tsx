// Every session of the account as a device: browser and OS, IP address, sign-in time, last activity and a mark on
// this one; revoke one, or all the others. Shared by `/account/devices` and `/vnwa/account/devices`.
import type { Session } from '#shared/resources/user.ts';
import { Laptop, LogOut, Monitor, Smartphone, Tablet, Tv } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#app/lib/use-translation.ts';
import { useNavigate, useRevalidator } from 'react-router';
import { SettingsSection } from '#app/components/account/settings-section.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/dialog.tsx';
import { useAuth } from '#app/lib/auth.tsx';
import { formatDate } from '#app/lib/format.ts';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';

const deviceIcons: Record<string, typeof Monitor> = {
  mobile: Smartphone,
  tablet: Tablet,
  smarttv: Tv,
  desktop: Laptop,
};

export function describeDevice(session: Session, unknown: string) {
  const software = [session.browser, session.os].filter(Boolean).join(' · ');
  return session.device_name && session.device_name !== software
    ? software
      ? `${session.device_name} (${software})`
      : session.device_name
    : software || unknown;
}

function DeviceRow({ session, onRevoked }: { session: Session; onRevoked: () => void }) {
  const { t } = useTranslation();
  const { api, reset } = useAuth();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const Icon = deviceIcons[session.device_type ?? 'desktop'] ?? Monitor;
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
      data-testid="device"
      data-current={session.current || undefined}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{describeDevice(session, t('devices.unknown'))}</span>
          {session.current ? <Badge tone="primary">{t('devices.thisDevice')}</Badge> : null}
        </p>
        <dl className="grid gap-x-4 gap-y-0.5 text-sm text-neutral-600 sm:grid-cols-[auto_1fr] dark:text-neutral-400">
          <dt className="sr-only sm:not-sr-only">{t('devices.ip')}</dt>
          <dd className="font-mono text-xs sm:text-sm">
            {session.ip_address ?? t('devices.unknown')}
          </dd>
          <dt className="sr-only sm:not-sr-only">{t('devices.signedIn')}</dt>
          <dd>
            <span className="sm:hidden">{t('devices.signedIn')}: </span>
            {formatDate(session.created_at, { time: true })}
          </dd>
          <dt className="sr-only sm:not-sr-only">{t('devices.lastActive')}</dt>
          <dd>
            <span className="sm:hidden">{t('devices.lastActive')}: </span>
            {formatDate(session.last_active_at ?? session.created_at, { time: true })}
          </dd>
        </dl>
      </div>
      <ConfirmDialog
        title={session.current ? t('devices.signOutTitle') : t('devices.revokeTitle')}
        description={session.current ? t('devices.signOutText') : t('devices.revokeText')}
        confirmLabel={session.current ? t('nav.signOut') : t('devices.revoke')}
        trigger={
          <Button variant="outline" size="md" className="self-start sm:self-center">
            <LogOut aria-hidden />
            {session.current ? t('nav.signOut') : t('devices.revoke')}
          </Button>
        }
        onConfirm={async () => {
          setError(null);
          try {
            await api.delete(`/user/sessions/${encodeURIComponent(session.id)}`);
          } catch (caught) {
            setError(errorMessage(caught));
            throw caught;
          }
          if (session.current) {
            reset();
            await navigate('/');
          }
          onRevoked();
        }}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
      </ConfirmDialog>
    </li>
  );
}

export function DevicesList({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation();
  const { api } = useAuth();
  const revalidator = useRevalidator();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;
  const refresh = () => void revalidator.revalidate();
  return (
    <SettingsSection
      id="devices"
      title={t('devices.title')}
      description={t('devices.text', { count: sessions.length })}
    >
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {sessions.map((session) => (
          <DeviceRow
            key={session.id}
            session={session}
            onRevoked={() => {
              toast.success(t('devices.revoked'));
              refresh();
            }}
          />
        ))}
      </ul>
      {others > 0 ? (
        <div className="mt-6 border-t border-neutral-200 pt-5 dark:border-neutral-800">
          <ConfirmDialog
            title={t('devices.revokeOthersTitle')}
            description={t('devices.revokeOthersText', { count: others })}
            confirmLabel={t('devices.revokeOthers')}
            trigger={
              <Button variant="outline" size="lg">
                <LogOut aria-hidden />
                {t('devices.revokeOthers')}
              </Button>
            }
            onConfirm={async () => {
              setError(null);
              try {
                await api.delete('/user/sessions');
              } catch (caught) {
                setError(errorMessage(caught));
                throw caught;
              }
              toast.success(t('devices.revokedOthers'));
              refresh();
            }}
          >
            {error ? <Alert tone="error">{error}</Alert> : null}
          </ConfirmDialog>
        </div>
      ) : null}
    </SettingsSection>
  );
}
