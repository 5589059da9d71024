// What the bell and /user/notifications do with notifications: mark one read as it is opened, mark all read.
import { useCallback } from 'react';
import { useApi } from '#app/lib/auth.tsx';
import { toast } from '#app/lib/toast.tsx';
import { useErrorMessage } from '#app/lib/use-api-form.ts';
import type { Notification } from '#shared/resources/notification.ts';

/** The realtime event of a new notification (server/realtime/realtime.ts sends it to the viewer's room). */
export type NotificationCreated = { notification: Notification; unread: number };

export function useNotificationActions() {
  const api = useApi();
  const errorMessage = useErrorMessage();

  /** Marks it read as the viewer follows its link; a failure only leaves it unread. */
  const markRead = useCallback(
    async (notification: Pick<Notification, 'id' | 'read_at'>) => {
      if (notification.read_at) return;
      await api.post(`/notifications/${notification.id}/read`).catch(() => {});
    },
    [api],
  );

  /** Answers when they were marked (for the list to show), or null when it failed (after a toast). */
  const markAllRead = useCallback(async () => {
    try {
      await api.post('/notifications/read-all');
      return new Date().toISOString();
    } catch (error) {
      toast.error(errorMessage(error));
      return null;
    }
  }, [api, errorMessage]);

  return { markRead, markAllRead };
}
