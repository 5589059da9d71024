// Accounts rules that the rest of the server needs: the current user and the first admin.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { Auth } from './auth.ts';

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  emailVerified: boolean;
};

export const parseRoles = (role: string | null | undefined) =>
  (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(options: { db: Database; auth: Auth }) {
  const { db, auth } = options;
  return {
    auth,
    /** The signed-in user of a request (session cookie or Bearer token), or null. */
    async getCurrentUser(headers: Headers): Promise<CurrentUser | null> {
      const session = await auth.api.getSession({ headers }).catch(() => null);
      if (!session) return null;
      const user = session.user as typeof session.user & { role?: string | null };
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        avatar: user.image ?? null,
        roles: parseRoles(user.role),
        emailVerified: user.emailVerified,
      };
    },

    async findUserByEmail(email: string) {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return user ?? null;
    },

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
      await auth.api.createUser({
        body: { email, password, name: 'Admin', role: ['admin', 'user'] },
      });
      // The first admin's email is the operator's own: there is nobody to verify it with.
      await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      return { created: true as const, email, password: generated ? password : undefined };
    },
  };
}
