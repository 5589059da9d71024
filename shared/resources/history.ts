// One episode of a viewer's watch history as the API answers it (/user/histories, Continue watching).
import { z } from 'zod';

export const historyItemSchema = z
  .object({
    episode_id: z.number(),
    episode_name: z.string(),
    /** The episode's key in `/watch/{movie_slug}/{ep}`. */
    ep: z.string(),
    movie_id: z.number(),
    movie_title: z.string(),
    movie_slug: z.string(),
    poster: z.string().nullable(),
    /** Seconds into the episode, and its length as the player knew it. */
    position: z.number(),
    duration: z.number(),
    /** Seen to 90 % or more. */
    watched: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'HistoryItem' });
export type HistoryItem = z.infer<typeof historyItemSchema>;
