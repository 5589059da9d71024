// Sessions: the current user of a session, sign-in and sign-out, and the devices list with revoke and revoke all
// others. Every query on a user's sessions names the user, so one account can never reach another's devices.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions, signIns } from '#server/db/schema/index.ts';
import { Forbidden, NotFound } from '#server/domain/errors.ts';
import {
  BannedSignIn,
  type AuthAdapter,
  type OpenedSession,
  type RequestSession,
} from './better-auth.adapter.ts';
import {
  asLocale,
  describeUserAgent,
  iso,
  parseRoles,
  toUserResource,
  type Caller,
  type CurrentUser,
} from './user.resource.ts';
import type { Session } from '#shared/resources/user.ts';
import type { UsersRepository } from './users.repository.ts';

/** Writes of a session's last activity are spaced at least this far apart (one per request would be too many). */
const LAST_ACTIVE_THROTTLE_MS = 60_000;

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService(options: {
  db: Database;
  adapter: AuthAdapter;
  users: UsersRepository;
}) {
  const { db, adapter, users } = options;

  /** Ends every session of the user but the given one; answers how many ended. */
  async function revokeOtherSessions(userId: string, currentSessionId: string) {
    const deleted = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  async function sessionsOf(userId: string, currentSessionId: string | null): Promise<Session[]> {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
      .orderBy(desc(sql`coalesce(${sessions.lastActiveAt}, ${sessions.createdAt})`));
    return rows.map((row) => ({
      id: row.id,
      device_name: row.deviceName,
      ...describeUserAgent(row.userAgent),
      ip_address: row.ipAddress,
      created_at: row.createdAt.toISOString(),
      last_active_at: iso(row.lastActiveAt),
      current: row.id === currentSessionId,
    }));
  }

  /**
   * After Better Auth opened a session: name the device, note the sign-in, answer in the asked mode (a token
   * when the client named its device, the session cookie otherwise).
   */
  async function finishSignIn(
    opened: OpenedSession,
    caller: Caller,
    deviceName: string | undefined,
  ) {
    await db
      .update(sessions)
      .set({ deviceName: deviceName ?? null, lastActiveAt: new Date() })
      .where(and(eq(sessions.token, opened.sessionToken), eq(sessions.userId, opened.userId)));
    await db.insert(signIns).values({
      userId: opened.userId,
      ipAddress: caller.ip,
      userAgent: caller.userAgent.slice(0, 512),
    });
    const user = toUserResource(await users.require(opened.userId));
    if (deviceName) return { user, token: opened.bearerToken, setCookie: [] as string[] };
    return { user, token: undefined, setCookie: opened.setCookie };
  }

  return {
    /** The user of a valid session, noting its activity (at most once a minute). */
    async currentUserOf(found: RequestSession): Promise<CurrentUser> {
      const { user, sessionId, lastActiveAt } = found;
      if (Date.now() - (lastActiveAt?.getTime() ?? 0) > LAST_ACTIVE_THROTTLE_MS) {
        await db
          .update(sessions)
          .set({ lastActiveAt: new Date() })
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)));
      }
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        avatar: user.image,
        roles: parseRoles(user.role),
        emailVerified: user.emailVerified,
        locale: asLocale(user.locale),
        historyPaused: user.historyPaused,
        createdAt: user.createdAt.toISOString(),
        sessionId,
      };
    },

    async login(
      input: { email: string; password: string; remember?: boolean; device_name?: string },
      caller: Caller,
    ) {
      let opened: OpenedSession;
      try {
        opened = await adapter.signIn(
          { email: input.email, password: input.password, remember: input.remember ?? true },
          caller,
        );
      } catch (error) {
        if (!(error instanceof BannedSignIn)) throw error;
        const user = await users.findByEmail(input.email);
        const until = user?.banExpires
          ? ` until ${user.banExpires.toISOString().slice(0, 10)}`
          : '';
        throw new Forbidden(
          `This account is banned${until}${user?.banReason ? `: ${user.banReason}` : '.'}`,
          'banned',
        );
      }
      return finishSignIn(opened, caller, input.device_name);
    },

    /** Ends one session of the user: the row goes first, so a token-mode session ends too. */
    async endSession(userId: string, sessionId: string) {
      await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    },

    sessionsOf,

    async revokeSession(userId: string, sessionId: string) {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      if (!deleted.length) throw new NotFound('No such session.');
    },

    finishSignIn,
    revokeOtherSessions,
  };
}
