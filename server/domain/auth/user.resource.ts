// The shapes the accounts services answer (user, admin's view of a user, session, current user) and the pure
// mappings from database rows to them, shared by the sessions, self-service and admin-users services.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import UAParser from 'ua-parser-js';
import { users } from '#server/db/schema/index.ts';
import type { AdminUser, User } from '#shared/resources/user.ts';

export type UserRow = typeof users.$inferSelect;

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  emailVerified: boolean;
  locale: 'en' | 'vi';
  /** "Pause history" on /user/histories: the player saves no positions. */
  historyPaused: boolean;
  createdAt: string;
  sessionId: string;
};

/** Who is calling: the socket (or trusted proxy) address and the user agent, passed on to Better Auth. */
export type Caller = { ip: string; userAgent: string };

export const parseRoles = (role: string | null | undefined) =>
  (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/** Banned, and the ban has no end or ends in the future. */
export const bannedNow = and(
  eq(users.banned, true),
  or(isNull(users.banExpires), gt(users.banExpires, sql`now()`)),
)!;
/** A ban past its end is lifted by Better Auth at the next sign-in; until then it shows as lifted. */
export const isBannedNow = (user: UserRow) =>
  user.banned && (!user.banExpires || user.banExpires.getTime() > Date.now());

export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
export const asLocale = (value: string | null | undefined): 'en' | 'vi' =>
  value === 'en' ? 'en' : 'vi';

export function toUserResource(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.image ?? null,
    roles: parseRoles(user.role),
    email_verified_at: user.emailVerified
      ? (iso(user.emailVerifiedAt) ?? iso(user.updatedAt))
      : null,
    locale: asLocale(user.locale),
    notification_email: user.notificationEmail,
    created_at: user.createdAt.toISOString(),
  };
}

export function toAdminResource(
  user: UserRow,
  lastActive: Date | string | null,
  sessionsCount: number,
): AdminUser {
  return {
    ...toUserResource(user),
    banned: isBannedNow(user),
    ban_reason: user.banReason,
    ban_expires_at: iso(user.banExpires),
    last_active_at: lastActive ? new Date(lastActive).toISOString() : null,
    sessions_count: Number(sessionsCount),
  };
}

export function describeUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return { browser: null, os: null, device_type: null };
  const parsed = new UAParser(userAgent).getResult();
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.major ? ` ${parsed.browser.major}` : ''}`
    : null;
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.version ? ` ${parsed.os.version}` : ''}`
    : null;
  return { browser, os, device_type: parsed.device.type ?? 'desktop' };
}
