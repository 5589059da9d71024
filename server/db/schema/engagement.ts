// Engagement: what viewers tell us and what we tell them. Reports of a broken episode, which the Report Manager
// (/vnwa/movie/reports) works through; the movies a viewer follows; the notifications behind the header's bell.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationData } from '#shared/notifications.ts';
import type { ReportReason, ReportStatus } from '#shared/reports.ts';
import { users } from './auth.ts';
import { episodes, movies } from './catalog.ts';
import { createdAt, identity, ownedBy, timestamps } from './columns.ts';

export {
  REPORT_MESSAGE_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportReason,
  type ReportStatus,
} from '#shared/reports.ts';

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
    /** When and by whom an admin last moved it (in progress, resolved or dismissed). */
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
    check(
      'reports_status_check',
      sql`${table.status} in ('open', 'in_progress', 'resolved', 'dismissed')`,
    ),
    check('reports_message_length_check', sql`char_length(${table.message}) <= 500`),
  ],
);

/** A viewer's follow list (/account/follow-movies): one row per viewer and movie. */
export const follows = pgTable(
  'follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movieId: ownedBy('movie_id', () => movies.id),
    createdAt: createdAt(),
    /** When the viewer last opened the movie: episodes published since then are "new". */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.movieId] }),
    // Who follows a movie, when one of its episodes is published.
    index('follows_movie_idx').on(table.movieId),
  ],
);

/** What the bell in the header lists: a new episode of a followed movie, a report resolved. */
export const notifications = pgTable(
  'notifications',
  {
    id: identity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `kind` and what the sentence and the link need, so that the list reads one table. */
    data: jsonb('data').$type<NotificationData>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it went out by email (instant or in the daily digest); null while it has not. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    // The unread count on every page.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
