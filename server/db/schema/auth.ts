// Tables behind accounts and sessions, in the shape Better Auth's Drizzle adapter expects.
import { boolean, index, integer, bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identity, timestamps } from './columns.ts';
import type { NotificationEmail } from '#shared/notifications.ts';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Role names joined by commas, as Better Auth's admin plugin stores them (`admin,user`). */
  role: text('role').notNull().default('user'),
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** The language of the interface and of the emails we send: 'vi' or 'en'. */
  locale: text('locale').notNull().default('vi'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** "Pause history" on /user/histories: the player stops saving positions while true. */
  historyPaused: boolean('history_paused').notNull().default(false),
  /** Notifications by email: 'off', 'instant' or 'daily' (a digest), chosen in account settings. */
  notificationEmail: text('notification_email').$type<NotificationEmail>().notNull().default('off'),
  /**
   * The last activity of sessions that have ended (signed out, revoked, ended by a ban), written by a trigger as
   * each session row goes: "Last active" outlives the sessions (migration 0010).
   */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  ...timestamps(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    /** What a token-mode client called itself at sign-in (`device_name`). */
    deviceName: text('device_name'),
    /** Refreshed at most once a minute when the session is used. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Every successful sign-in, for the admin's view of an account. */
export const signIns = pgTable(
  'sign_ins',
  {
    id: identity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [index('sign_ins_user_id_idx').on(table.userId, table.createdAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
