// Settings admins edit in the back office (Web Info, Site Assets, navigation, the Movies Page Manager) and the
// audit log of every admin write. Settings are one JSON value per key, validated by the schemas in
// server/domain/site/settings.schema.ts and read through the cached settings service (decision 046).
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns.ts';

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** Bumped on every write: nodes compare it to what they cached. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The admin who saved it last; null for first-boot defaults. */
  updatedBy: text('updated_by'),
});

/** One row per admin write, whichever door it came through (decision 051). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identity(),
    createdAt: createdAt(),
    /** Kept as text, not a reference: the record outlives the account. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** `movie.update`, `setting.web_info`, `backup.restore`…: what was done, to what kind of thing. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** The API request behind it: `PATCH /api/admin/movies/12`. */
    method: text('method').notNull().default(''),
    path: text('path').notNull().default(''),
    status: integer('status').notNull().default(0),
    /** The back-office screen the admin was on (its path), when the request said. */
    screen: text('screen').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * Who is watching now (decision 051): one row per viewer (the keyed hash views use), touched when playback starts
 * and every couple of minutes while it goes on. Unlogged: losing it in a crash loses only the last minutes.
 */
export const viewerPresence = pgTable(
  'viewer_presence',
  {
    viewer: text('viewer').primaryKey(),
    episodeId: bigint('episode_id', { mode: 'number' }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('viewer_presence_seen_idx').on(table.seenAt)],
);
