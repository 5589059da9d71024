// A viewer's notification as the API answers it (the header's bell, /user/notifications): what it says, by kind,
// and where it leads, flat and in the API's snake_case (the row keeps `NotificationData` from shared/notifications.ts).
import { z } from 'zod';
import { NOTIFICATION_EMAILS } from '#shared/notifications.ts';

export const notificationSchema = z
  .object({
    id: z.number(),
    kind: z.enum(['new_episode', 'report_resolved']),
    movie_id: z.number(),
    movie_title: z.string(),
    movie_slug: z.string(),
    episode_id: z.number(),
    episode_name: z.string(),
    ep: z.string(),
    poster: z.string().nullable(),
    /** The report that was resolved (`report_resolved` only). */
    report_id: z.number().nullable(),
    /** The page it leads to: the episode, `/watch/{movie_slug}/{ep}`. */
    url: z.string(),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationEmailSchema = z.enum(NOTIFICATION_EMAILS);
