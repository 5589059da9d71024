// Engagement: what viewers tell us. Reports of a broken episode, which the Report Manager (/vnwa/movie/reports) works through.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identity, ownedBy, timestamps } from './columns.ts';
import { users } from './auth.ts';
import type { ReportReason } from '#shared/reports.ts';
import { episodes, movies } from './catalog.ts';

export { REPORT_MESSAGE_MAX, REPORT_REASONS, type ReportReason } from '#shared/reports.ts';

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reports = pgTable(
  'reports',
  {
    id: identity(),
    /** Kept beside the episode so the manager can group and filter by movie without a join. */
    movieId: ownedBy('movie_id', () => movies.id),
    episodeId: ownedBy('episode_id', () => episodes.id),
    /** The signed-in viewer who reported; null for anonymous viewers or once the account is deleted. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    message: text('message').notNull().default(''),
    /** The reporter's browser: "won't play" is often one browser's problem. */
    userAgent: text('user_agent').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    /** When and by whom an admin closed it (resolved or dismissed). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    // The manager's list: open reports, newest first.
    index('reports_status_created_idx').on(table.status, table.createdAt),
    index('reports_movie_idx').on(table.movieId, table.createdAt),
    index('reports_episode_idx').on(table.episodeId),
    check(
      'reports_reason_check',
      sql`${table.reason} in ('wont_play', 'wrong_episode', 'audio_video', 'subtitles', 'other')`,
    ),
    check('reports_status_check', sql`${table.status} in ('open', 'resolved', 'dismissed')`),
    check('reports_message_length_check', sql`char_length(${table.message}) <= 500`),
  ],
);
