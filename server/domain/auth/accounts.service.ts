// The accounts area as one service (`services.auth`): it builds the sessions, self-service and admin-users
// services over one Better Auth adapter and answers their methods. The few that start from a request's headers
// (current user, own devices, sign-out) ask the adapter for the session and hand the others plain values.
import type { Database } from '#server/db/client.ts';
import type { MediaStorage } from '#server/media/storage.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import type { Auth } from './auth.ts';
import { createAvatarStorage } from './avatar.storage.ts';
import { createAuthAdapter } from './better-auth.adapter.ts';
import { createSelfService } from './self-service.service.ts';
import { createSessionsService } from './sessions.service.ts';
import type { Session } from '#shared/resources/user.ts';
import { toUserResource, type CurrentUser } from './user.resource.ts';
import { createUsersRepository } from './users.repository.ts';

export type { Caller, CurrentUser } from './user.resource.ts';
export { describeUserAgent, parseRoles, toUserResource } from './user.resource.ts';
export { isCommonPassword, VERIFY_TOKEN_TTL_SECONDS } from './self-service.service.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(options: {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** The site's name now (Web Info), for the emails. */
  siteName: () => string;
  storage: MediaStorage;
  log?: { error: (object: object, message: string) => void };
}) {
  const { db } = options;
  const adapter = createAuthAdapter(options.auth);
  const users = createUsersRepository(db);
  const avatars = createAvatarStorage(options.storage);
  const sessions = createSessionsService({ db, adapter, users });
  const selfService = createSelfService({ ...options, adapter, users, sessions, avatars });
  const adminUsers = createAdminUsersService({ db, adapter, users, sessions, avatars });

  return {
    ...selfService,
    ...adminUsers,
    login: sessions.login,
    sessionsOf: sessions.sessionsOf,
    revokeSession: sessions.revokeSession,
    revokeOtherSessions: sessions.revokeOtherSessions,
    toUserResource,
    findUserByEmail: users.findByEmail,

    /** The signed-in user of a request (session cookie or Bearer token), or null. */
    async getCurrentUser(headers: Headers): Promise<CurrentUser | null> {
      const found = await adapter.sessionOf(headers);
      return found ? sessions.currentUserOf(found) : null;
    },

    /** The devices of the request's own account; none without a valid session. */
    async listSessions(headers: Headers): Promise<Session[]> {
      const found = await adapter.sessionOf(headers);
      return found ? sessions.sessionsOf(found.user.id, found.sessionId) : [];
    },

    /** Ends the signed-in user's session; answers the set-cookie values that clear it in cookie mode. */
    async logout(headers: Headers, current: { id: string; sessionId: string }) {
      await sessions.endSession(current.id, current.sessionId);
      return adapter.signOut(headers);
    },
  };
}
