// The Users Manager's badges: a user's status (with the ban's reason and end), roles, and last activity.
import { Info, ShieldCheck } from 'lucide-react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Tooltip } from '#app/components/ui/tooltip.tsx';
import { formatDate } from '#app/lib/format.ts';
import { useAuth } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { AdminUser } from './route.tsx';

export function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.banned)
    return (
      <Tooltip
        content={
          <>
            <span className="font-semibold">{t('admin.users.banInfo.reason')}:</span>{' '}
            {user.ban_reason || t('admin.users.banInfo.noReason')}
            <br />
            {user.ban_expires_at
              ? t('admin.users.detail.until', { date: formatDate(user.ban_expires_at) })
              : t('admin.users.banInfo.forever')}
          </>
        }
      >
        <span
          tabIndex={0}
          className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          data-testid="ban-status"
        >
          <Badge tone="error" className="cursor-help">
            {t('admin.users.status.banned')}
            <Info className="size-3" aria-hidden />
          </Badge>
        </span>
      </Tooltip>
    );
  if (!user.email_verified_at)
    return <Badge tone="warning">{t('admin.users.status.unverified')}</Badge>;
  return <Badge tone="primary">{t('admin.users.status.active')}</Badge>;
}

export function RoleBadges({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'info' : 'neutral'}>
          {role === 'admin' ? <ShieldCheck className="size-3" aria-hidden /> : null}
          {t(`admin.users.roles.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </div>
  );
}

export function LastActive({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? (
    <span className="tabular-nums">{formatDate(value, { time: true })}</span>
  ) : (
    <span className="text-neutral-500 dark:text-neutral-400">{t('admin.users.never')}</span>
  );
}

/** "(you)" after the signed-in admin's own name. */
export function YouMark({ userId, className }: { userId: string; className?: string }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  if (me?.id !== userId) return null;
  return (
    <span
      className={cn('ml-1.5 text-xs font-normal text-neutral-500 dark:text-neutral-400', className)}
    >
      ({t('admin.users.you')})
    </span>
  );
}
