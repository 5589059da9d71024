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

/** A card of the home page's Continue watching row: where to pick up each movie the viewer is in the middle of. */
export const continueItemSchema = z
  .object({
    movie_id: z.number(),
    movie_title: z.string(),
    movie_slug: z.string(),
    poster: z.string().nullable(),
    backdrop: z.string().nullable(),
    episode_id: z.number(),
    episode_name: z.string(),
    ep: z.string(),
    server_id: z.number(),
    /** Seconds into the episode (0 for the next episode after one watched to the end) and its length (0: unknown). */
    position: z.number(),
    duration: z.number(),
    /** The episode after the one last watched to the end, rather than one left in the middle. */
    up_next: z.boolean(),
    updated_at: z.string(),
  })
  .meta({ id: 'ContinueItem' });
export type ContinueItem = z.infer<typeof continueItemSchema>;
