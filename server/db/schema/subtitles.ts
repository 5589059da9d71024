// Subtitles of an episode: several per episode, each a WebVTT file in storage with a language and a label.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identity, ownedBy } from './columns.ts';
import { episodes } from './catalog.ts';

export const episodeSubtitles = pgTable(
  'episode_subtitles',
  {
    id: identity(),
    episodeId: ownedBy('episode_id', () => episodes.id),
    /** A BCP 47 tag such as `vi` or `en`, for the track's `srclang`. */
    language: text('language').notNull(),
    /** What the captions menu shows, such as "Tiếng Việt". */
    label: text('label').notNull(),
    /** The WebVTT file inside storage, such as `subtitles/12/3f9a….vtt` (content-addressed, so immutable). */
    path: text('path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('episode_subtitles_episode_idx').on(table.episodeId, table.sortOrder)],
);
