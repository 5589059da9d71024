// Watch history: where each signed-in viewer is in each episode, one row per viewer and episode, for resume,
// the /user/histories page and the home page's Continue watching row. Written in batches (history.service.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { episodes, movies } from './catalog.ts';

export const watchHistory = pgTable(
  'watch_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /** Beside the episode so that "the movies I watched" needs no join. */
    movieId: bigint('movie_id', { mode: 'number' })
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    /** Whole seconds into the episode, and the episode's length as the player knew it. */
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.episodeId] }),
    // The viewer's history, newest first; and the rows of one movie (its episode list's progress bars).
    index('watch_history_user_updated_idx').on(table.userId, table.updatedAt),
    index('watch_history_user_movie_idx').on(table.userId, table.movieId),
    check('watch_history_position_check', sql`${table.positionSeconds} >= 0`),
    check('watch_history_duration_check', sql`${table.durationSeconds} > 0`),
  ],
);
