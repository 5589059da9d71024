// The Users Manager's side panel for one user (`?user=<id>`): status, roles, dates, counts, sessions and sign-ins.
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeDevice } from '#app/components/account/devices.tsx';
import type { Session } from '#shared/resources/user.ts';
import { Alert } from '#app/components/ui/alert.tsx';
import { Avatar } from '#app/components/ui/avatar.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Sheet, SheetContent } from '#app/components/ui/sheet.tsx';
import { formatDate } from '#app/lib/format.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import { LastActive, RoleBadges, StatusBadge, YouMark } from './badges.tsx';
import type { UserDetailData, UserDialog } from './route.tsx';
import { UserActions } from './user-actions.tsx';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-neutral-50 p-3 dark:bg-neutral-900">
      <dt className="text-xs text-neutral-500 dark:text-neutral-400">{label}</dt>
      <dd className="mt-0.5 font-medium tabular-nums">{value}</dd>
    </div>
  );
}

export function UserDetail({
  detail,
  open,
  onClose,
}: {
  detail: UserDetailData;
  open: (dialog: UserDialog) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = detail;
  return (
    <Sheet open onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        side="right"
        className="w-[min(28rem,100vw)]"
        heading={t('admin.users.detail.title')}
        closeLabel={t('form.close')}
      >
        <div className="flex flex-col gap-6 px-1" data-testid="user-detail">
          <div className="flex items-start gap-3">
            <Avatar name={user.name} src={user.avatar} className="size-14 text-lg" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">
                {user.name}
                <YouMark userId={user.id} />
              </p>
              <p className="text-sm break-all text-neutral-600 dark:text-neutral-400">
                {user.email}
              </p>
              <div className="mt-2 flex flex-wrap gap-1">
                <StatusBadge user={user} />
                <RoleBadges roles={user.roles} />
              </div>
            </div>
          </div>
          <UserActions
            user={user}
            open={open}
            align="start"
            trigger={
              <Button variant="outline" size="md" className="self-start">
                {t('admin.users.columns.actions')}
                <ChevronDown aria-hidden />
              </Button>
            }
          />
          {user.banned ? (
            <Alert tone="error" title={t('admin.users.detail.bannedTitle')}>
              {user.ban_reason || t('admin.users.banInfo.noReason')}
              {' · '}
              {user.ban_expires_at
                ? t('admin.users.detail.until', { date: formatDate(user.ban_expires_at) })
                : t('admin.users.banInfo.forever')}
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Stat
              label={t('admin.users.columns.created')}
              value={formatDate(user.created_at, { time: true })}
            />
            <Stat
              label={t('admin.users.columns.lastActive')}
              value={<LastActive value={user.last_active_at} />}
            />
            <Stat label={t('admin.users.detail.follows')} value={detail.counts.follows} />
            <Stat label={t('admin.users.detail.histories')} value={detail.counts.histories} />
          </dl>
          <section aria-labelledby="user-sessions">
            <h3 id="user-sessions" className="mb-2 text-sm font-semibold">
              {t('admin.users.detail.sessions', { count: detail.sessions.length })}
            </h3>
            {detail.sessions.length ? (
              <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm dark:divide-neutral-800 dark:border-neutral-800">
                {detail.sessions.map((session) => (
                  <li key={session.id} className="px-3 py-2.5">
                    <p className="font-medium break-words">
                      {describeDevice(session as Session, t('devices.unknown'))}
                    </p>
                    <p className="text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                      {session.ip_address ?? t('devices.unknown')} ·{' '}
                      {formatDate(session.last_active_at ?? session.created_at, { time: true })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                {t('admin.users.detail.noSessions')}
              </p>
            )}
          </section>
          <section aria-labelledby="user-sign-ins">
            <h3 id="user-sign-ins" className="mb-2 text-sm font-semibold">
              {t('admin.users.detail.signIns')}
            </h3>
            {detail.sign_ins.length ? (
              <ul className="flex flex-col gap-2 text-sm">
                {detail.sign_ins.map((entry) => (
                  <li key={entry.id} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block truncate">
                        {[entry.browser, entry.os].filter(Boolean).join(' · ') ||
                          t('devices.unknown')}
                      </span>
                      <span className="block text-xs text-neutral-500 dark:text-neutral-400">
                        {entry.ip_address ?? t('devices.unknown')}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
                      {formatDate(entry.created_at, { time: true })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-neutral-500 dark:text-neutral-400">
                {t('admin.users.detail.noSignIns')}
              </p>
            )}
          </section>
        </div>
      </SheetContent>
    </Sheet>
  );
}
