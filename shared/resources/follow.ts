// The follow list and the profile as the API answers them (/account/follow-movies, /user/profile): a followed movie
// is a movie card with when its latest episode came out and how many came out since the viewer last looked.
import { z } from 'zod';
import { cardMovieSchema } from './movie.ts';

export const followedMovieSchema = cardMovieSchema
  .extend({
    /** When the newest published episode came out; null while the movie has none. */
    latest_episode_at: z.string().nullable(),
    /** Episodes published since the viewer last opened the movie or one of its episodes (decision 041). */
    new_episodes: z.number().int(),
    followed_at: z.string(),
  })
  .meta({ id: 'FollowedMovie' });
export type FollowedMovie = z.infer<typeof followedMovieSchema>;

export const followStateSchema = z
  .object({ movie_id: z.number(), following: z.boolean() })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

/** A movie the viewer watched lately: its poster, and the episode to resume. */
export const recentlyWatchedSchema = z.object({
  movie_id: z.number(),
  movie_slug: z.string(),
  movie_title: z.string(),
  poster: z.string().nullable(),
  episode_name: z.string(),
  ep: z.string(),
  /** Seconds into that episode and its length, as the player last saved them. */
  position: z.number(),
  duration: z.number(),
  watched_at: z.string(),
});
export type RecentlyWatched = z.infer<typeof recentlyWatchedSchema>;

export const profileSchema = z
  .object({
    name: z.string(),
    avatar: z.string().nullable(),
    joined_at: z.string(),
    counts: z.object({
      /** Published movies on the follow list. */
      following: z.number().int(),
      /** Episodes seen to WATCHED_AT (90 %) or more. */
      watched_episodes: z.number().int(),
    }),
    recently_watched: z.array(recentlyWatchedSchema),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
