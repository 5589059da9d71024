// The admin's users manager: the first admin, list and detail, edit name and roles, ban and unban, mark verified,
// send a reset link, delete; and the rules that keep the site run: an admin cannot ban, demote or delete
// themselves, and the last admin who can sign in stays. The routes have checked the admin role.
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  follows,
  sessions as sessionsTable,
  signIns,
  users,
  watchHistory,
} from '#server/db/schema/index.ts';
import { Conflict, Invalid } from '#server/domain/errors.ts';
import { escapeLike, pageMeta, pageWindow } from '#server/domain/list.ts';
import type { AdminUser } from '#shared/resources/user.ts';
import type { Page } from '#shared/list-query.ts';
import type { AvatarStorage } from './avatar.storage.ts';
import type { AuthAdapter } from './better-auth.adapter.ts';
import type { SessionsService } from './sessions.service.ts';
import {
  bannedNow,
  describeUserAgent,
  parseRoles,
  toAdminResource,
  type UserRow,
} from './user.resource.ts';
import type { UsersRepository } from './users.repository.ts';

/** The last admin who can sign in can never be banned, demoted or deleted (not even by deleting their account). */
export async function assertNotLastAdmin(userRows: UsersRepository, user: UserRow) {
  if (!parseRoles(user.role).includes('admin')) return;
  if ((await userRows.countActiveAdmins()) <= 1)
    throw new Conflict('last_admin', 'The last admin cannot be removed.');
}

export type ListUsersQuery = {
  search?: string;
  role?: 'admin' | 'user';
  status?: 'active' | 'banned' | 'unverified';
  sort?: 'name' | 'email' | 'created_at' | 'last_active_at';
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
};

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

export function createAdminUsersService(options: {
  db: Database;
  adapter: AuthAdapter;
  users: UsersRepository;
  sessions: SessionsService;
  avatars: AvatarStorage;
}) {
  const { db, adapter, users: userRows, sessions, avatars } = options;

  /** When the account was last active: its live sessions' latest activity, or that of sessions that ended. */
  function lastActiveOf(
    user: { lastSeenAt: Date | null },
    live: Array<{ last_active_at: string | null; created_at: string }>,
  ) {
    const times = live.map((s) => Date.parse(s.last_active_at ?? s.created_at));
    if (user.lastSeenAt) times.push(user.lastSeenAt.getTime());
    return times.length ? new Date(Math.max(...times)) : null;
  }

  async function adminResource(id: string) {
    const user = await userRows.require(id);
    const list = await sessions.sessionsOf(id, null);
    return toAdminResource(user, lastActiveOf(user, list), list.length);
  }

  async function setVerified(id: string) {
    await db
      .update(users)
      .set({ emailVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  return {
    /** A user with a password, made by the operator (first admin, demo viewer); answers the id. */
    createUser: adapter.createUser,

    /**
     * On an empty user table, creates the first admin. Without a configured password one is
     * generated and returned so that the caller can print it once.
     */
    async ensureFirstAdmin(input: { email?: string; password?: string }) {
      const [row] = await db.select({ total: count() }).from(users);
      if ((row?.total ?? 0) > 0) return { created: false as const };
      const email = (input.email ?? 'admin@phim.local').toLowerCase();
      const generated = !input.password;
      const password = input.password ?? crypto.randomBytes(12).toString('base64url');
      const id = await adapter.createUser({
        email,
        password,
        name: 'Admin',
        roles: ['admin', 'user'],
      });
      // The first admin's email is the operator's own: there is nobody to verify it with.
      await setVerified(id);
      return { created: true as const, email, password: generated ? password : undefined };
    },

    /**
     * One page of users. The search is not folded as the other lists' (an address keeps its `@` and `.`): the name
     * is matched without diacritics (unaccent), the email as it is, both case-insensitively.
     */
    async listUsers(query: ListUsersQuery): Promise<Page<AdminUser>> {
      const window = pageWindow(query);
      // The live sessions' latest activity, or that of sessions already ended (kept by a trigger, migration 0010).
      const lastActive = sql<Date | null>`greatest((select max(coalesce(${sessionsTable.lastActiveAt}, ${sessionsTable.createdAt})) from ${sessionsTable} where ${sessionsTable.userId} = "users"."id"), "users"."last_seen_at")`;
      const sessionCount = sql<number>`(select count(*)::int from ${sessionsTable} where ${sessionsTable.userId} = "users"."id" and ${sessionsTable.expiresAt} > now())`;
      const filters: SQL[] = [];
      const search = query.search?.trim();
      if (search) {
        const term = `%${escapeLike(search)}%`;
        filters.push(
          or(sql`unaccent(${users.name}) ilike unaccent(${term})`, ilike(users.email, term))!,
        );
      }
      if (query.role) filters.push(sql`${query.role} = any(string_to_array(${users.role}, ','))`);
      if (query.status === 'banned') filters.push(bannedNow);
      if (query.status === 'active')
        filters.push(and(not(bannedNow), eq(users.emailVerified, true))!);
      if (query.status === 'unverified')
        filters.push(and(not(bannedNow), eq(users.emailVerified, false))!);
      const where = filters.length ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const sortColumn =
        query.sort === 'name'
          ? users.name
          : query.sort === 'email'
            ? users.email
            : query.sort === 'last_active_at'
              ? lastActive
              : users.createdAt;
      const orderBy =
        query.sort === 'last_active_at'
          ? sql`${lastActive} ${sql.raw(query.order === 'asc' ? 'asc' : 'desc')} nulls last`
          : direction(sortColumn);
      const [rows, total] = await Promise.all([
        db
          .select({ user: users, lastActive, sessionCount })
          .from(users)
          .where(where)
          .orderBy(orderBy, asc(users.id))
          .limit(window.limit)
          .offset(window.offset),
        db.$count(users, where),
      ]);
      return {
        data: rows.map((row) => toAdminResource(row.user, row.lastActive, row.sessionCount)),
        meta: pageMeta(window, Number(total)),
      };
    },

    /** A user with their sessions and recent sign-ins, or null (the page loader answers 404 itself). */
    async getUserDetail(id: string) {
      const user = await userRows.find(id);
      if (!user) return null;
      const userSessions = await sessions.sessionsOf(id, null);
      const [history, watched, followed] = await Promise.all([
        db
          .select()
          .from(signIns)
          .where(eq(signIns.userId, id))
          .orderBy(desc(signIns.createdAt))
          .limit(20),
        db.$count(watchHistory, eq(watchHistory.userId, id)),
        db.$count(follows, eq(follows.userId, id)),
      ]);
      return {
        user: toAdminResource(user, lastActiveOf(user, userSessions), userSessions.length),
        sessions: userSessions,
        sign_ins: history.map((entry) => ({
          id: entry.id,
          ip_address: entry.ipAddress,
          ...describeUserAgent(entry.userAgent),
          created_at: entry.createdAt.toISOString(),
        })),
        // The movies on the follow list, and the episodes in the viewer's watch history.
        counts: { follows: followed, histories: watched },
      };
    },

    async adminUpdateUser(actorId: string, id: string, input: { name?: string; roles?: string[] }) {
      const user = await userRows.require(id);
      const changes: Partial<UserRow> = { updatedAt: new Date() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.roles !== undefined) {
        const roles = [...new Set(input.roles)];
        const wasAdmin = parseRoles(user.role).includes('admin');
        if (wasAdmin && !roles.includes('admin')) {
          if (actorId === id)
            throw new Conflict('self_protection', 'You cannot remove your own admin role.');
          await assertNotLastAdmin(userRows, user);
        }
        changes.role = roles.join(',');
      }
      await db.update(users).set(changes).where(eq(users.id, id));
      return adminResource(id);
    },

    /** Every session of the user ends at once; sign-in is refused with the reason until `expires_at`. */
    async ban(actorId: string, id: string, input: { reason: string; expires_at?: string | null }) {
      const user = await userRows.require(id);
      if (actorId === id) throw new Conflict('self_protection', 'You cannot ban yourself.');
      await assertNotLastAdmin(userRows, user);
      const expires = input.expires_at ? new Date(input.expires_at) : null;
      if (expires && expires.getTime() <= Date.now() + 1000)
        throw Invalid.field('expires_at', 'The end of the ban must be in the future.');
      await adapter.banUser(id, { reason: input.reason, expires });
      return adminResource(id);
    },

    async unban(id: string) {
      await userRows.require(id);
      await adapter.unbanUser(id);
      return adminResource(id);
    },

    async markVerified(id: string) {
      const user = await userRows.require(id);
      if (!user.emailVerified) await setVerified(id);
      return adminResource(id);
    },

    async sendResetLink(id: string) {
      const user = await userRows.require(id);
      await adapter.requestPasswordReset(user.email);
    },

    async adminDeleteUser(actorId: string, id: string) {
      const user = await userRows.require(id);
      if (actorId === id)
        throw new Conflict('self_protection', 'You cannot delete your own account here.');
      await assertNotLastAdmin(userRows, user);
      await db.delete(users).where(eq(users.id, id));
      await avatars.remove(user.image);
    },
  };
}
