// `/user/notifications`: the signed-in viewer's notifications, newest first (issue 16): a new episode of a followed
// movie, a report resolved; unread ones marked, opening one marks it read and goes to the episode; "mark all read";
// new ones appear without a reload. A guest is sent to sign in (guard `user`). Decision 043.
import { Bell, CheckCheck } from 'lucide-react';
import { useRevalidator } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { EmptyState, NewerOlderPager } from '#app/components/list-states.tsx';
import { NotificationItem } from '#app/components/notifications/notification-item.tsx';
import {
  useNotificationActions,
  type NotificationCreated,
} from '#app/components/notifications/use-notifications.ts';
import { Button } from '#app/components/ui/button.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import { cn } from '#app/lib/cn.ts';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Route } from './+types/notifications';

export const handle: RouteHandle = { title: 'notifications.title' };

const PER_PAGE = 20;

export const loader = withAccess(
  'user',
  async ({ request }: Route.LoaderArgs, { services, user }) => {
    const page = Number(new URL(request.url).searchParams.get('page')) || 1;
    return services.notifications.list(user.id, {
      page: Math.max(1, Math.trunc(page)),
      per_page: PER_PAGE,
    });
  },
);

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { markRead, markAllRead } = useNotificationActions();
  const { data, meta, unread } = loaderData;

  // New ones, and ones read in another tab, show without a reload.
  useRealtimeEvent<NotificationCreated>('notification.created', () => {
    void revalidator.revalidate();
  });
  useRealtimeEvent<{ unread: number }>('notification.read', (event) => {
    if (event.unread !== unread) void revalidator.revalidate();
  });

  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('notifications.title')}</h1>
          {meta.total > 0 ? (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {unread > 0
                ? t('notifications.count', { count: unread })
                : t('notifications.allRead')}
            </p>
          ) : null}
        </div>
        {unread > 0 ? (
          <Button
            variant="outline"
            onClick={() =>
              void markAllRead().then((done) => (done ? revalidator.revalidate() : undefined))
            }
          >
            <CheckCheck aria-hidden />
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </div>

      {data.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={t('notifications.emptyTitle')}
          text={t('notifications.emptyText')}
          action={
            <Button asChild>
              <AppLink to="/movies">{t('notifications.browse')}</AppLink>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
          {data.map((item) => (
            <li key={item.id}>
              <AppLink
                to={item.url}
                onClick={() => void markRead(item)}
                className={cn(
                  'flex p-3 transition-colors hover:bg-neutral-50 focus-visible:outline-2 focus-visible:-outline-offset-2 sm:p-4 dark:hover:bg-neutral-800/60',
                  !item.read_at && 'bg-primary-50/60 dark:bg-primary-500/10',
                )}
              >
                <NotificationItem notification={item} />
              </AppLink>
            </li>
          ))}
        </ul>
      )}

      <NewerOlderPager
        meta={meta}
        label={t('notifications.pages')}
        newer={t('notifications.newer')}
        older={t('notifications.older')}
      />
    </main>
  );
}
