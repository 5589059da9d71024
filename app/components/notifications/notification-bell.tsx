// The header's bell for signed-in viewers: the unread count, live over the realtime socket (a new notification, or
// one read in another tab); opening it lists the latest few, with "Mark all read" and a link to them all.
import { Bell, CheckCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { AppLink } from '#app/components/app-link.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { buttonVariants } from '#app/components/ui/button.tsx';
import { useApi } from '#app/lib/auth.tsx';
import { cn } from '#app/lib/cn.ts';
import { useRealtimeEvent } from '#app/lib/realtime.ts';
import { useTranslation } from '#app/lib/use-translation.ts';
import type { Notification } from '#shared/resources/notification.ts';
import { NotificationItem } from './notification-item.tsx';
import { useNotificationActions, type NotificationCreated } from './use-notifications.ts';

/** What the menu lists; the rest are on /user/notifications. */
const LATEST = 8;

export function NotificationBell() {
  const { t } = useTranslation();
  const api = useApi();
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { markRead, markAllRead } = useNotificationActions();
  const markListRead = () => {
    const now = new Date().toISOString();
    setItems((list) =>
      list ? list.map((item) => ({ ...item, read_at: item.read_at ?? now })) : list,
    );
  };

  // On a failure the badge keeps its number; the next event or visit corrects it.
  const refresh = useCallback(
    () =>
      api.get<{ unread: number }>('/notifications/unread-count').then(
        (answer) => setUnread(answer.unread),
        () => {},
      ),
    [api],
  );
  // A notification that came between the page's count and the socket joining its room is caught up.
  useRealtimeEvent('connect', () => void refresh());
  useEffect(() => {
    void refresh();
    // Events missed while the tab slept (or the socket was away) are caught up when it shows again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  useRealtimeEvent<NotificationCreated>('notification.created', (event) => {
    setUnread(event.unread);
    setItems((list) => (list ? [event.notification, ...list].slice(0, LATEST) : list));
  });
  useRealtimeEvent<{ unread: number }>('notification.read', (event) => {
    setUnread(event.unread);
    // All read (here or in another tab): the open menu shows it; a single one is caught up at the next opening.
    if (event.unread === 0) markListRead();
  });

  const load = async () => {
    setFailed(false);
    try {
      const page = await api.get<{ data: Notification[]; unread: number }>(
        `/notifications?per_page=${LATEST}`,
      );
      setItems(page.data);
      setUnread(page.unread);
    } catch {
      setFailed(true);
    }
  };

  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open) void load();
      }}
    >
      <DropdownMenuTrigger
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        aria-label={label}
        data-testid="notification-bell"
      >
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white dark:ring-neutral-950"
            data-testid="notification-count"
            aria-hidden
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2.5">
          <p className="text-sm font-semibold">{t('notifications.title')}</p>
          {unread > 0 ? (
            <DropdownMenuItem
              className="px-2 py-1 text-xs font-medium text-primary-700 dark:text-primary-300 [&_svg]:text-current"
              onSelect={(event) => {
                event.preventDefault();
                void markAllRead().then((done) => {
                  if (!done) return;
                  setUnread(0);
                  markListRead();
                });
              }}
            >
              <CheckCheck aria-hidden />
              {t('notifications.markAllRead')}
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
          {items === null ? (
            <p className="px-3 py-6 text-center text-sm text-neutral-500" role="status">
              {failed ? t('notifications.loadFailed') : t('notifications.loading')}
            </p>
          ) : items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-neutral-500">
              {t('notifications.emptyTitle')}
            </p>
          ) : (
            items.map((item) => (
              <DropdownMenuItem key={item.id} asChild className="items-start px-2 py-2">
                <AppLink to={item.url} onClick={() => void markRead(item)}>
                  <NotificationItem notification={item} size="sm" />
                </AppLink>
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="p-1">
          <DropdownMenuItem asChild className="justify-center font-medium">
            <AppLink to="/user/notifications">{t('notifications.seeAll')}</AppLink>
          </DropdownMenuItem>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
