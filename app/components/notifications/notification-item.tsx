// One notification as the bell's menu and /user/notifications show it: the poster (or a tick for a resolved
// report), the movie, what happened, how long ago, and a dot while it is unread.
import { CircleCheck } from 'lucide-react';
import { Poster } from '#app/components/image.tsx';
import { cn } from '#app/lib/cn.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Notification } from '#shared/resources/notification.ts';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago" in `locale`; under a minute, `justNow`. */
export function formatAgo(iso: string, locale: string, justNow: string, now = Date.now()) {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return justNow;
}

export function NotificationItem({
  notification,
  size = 'md',
}: {
  notification: Notification;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useTranslation();
  const unread = !notification.read_at;
  const sentence =
    notification.kind === 'new_episode'
      ? t('notifications.newEpisode', { episode: notification.episode_name })
      : t('notifications.reportResolved', { episode: notification.episode_name });
  return (
    <span className="flex w-full min-w-0 items-start gap-3 text-left">
      {notification.kind === 'new_episode' ? (
        <Poster
          src={notification.poster}
          width={size === 'sm' ? 36 : 48}
          alt=""
          className="shrink-0 rounded-md"
        />
      ) : (
        <span
          className={cn(
            'grid shrink-0 place-items-center rounded-md bg-primary-50 text-primary-700 dark:bg-primary-500/15 dark:text-primary-300',
            size === 'sm' ? 'h-[54px] w-9' : 'h-[72px] w-12',
          )}
          aria-hidden
        >
          <CircleCheck className="size-5" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'line-clamp-2 text-sm break-words',
            unread ? 'font-semibold' : 'font-medium text-neutral-700 dark:text-neutral-300',
          )}
        >
          {notification.movie_title}
        </span>
        <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">
          {sentence}
        </span>
        <time
          dateTime={notification.created_at}
          className="text-xs text-neutral-500 dark:text-neutral-400"
          suppressHydrationWarning
        >
          {formatAgo(notification.created_at, i18n.language, t('notifications.justNow'))}
        </time>
      </span>
      {unread ? (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary-600">
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      ) : null}
    </span>
  );
}
