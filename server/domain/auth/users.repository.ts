// Reads of the users table that every accounts service needs: by id, by email, and the count of admins who can
// still sign in (the last-admin rule).
import { and, count, eq, not, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { NotFound } from '#server/domain/errors.ts';
import { bannedNow } from './user.resource.ts';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Database) {
  async function find(id: string) {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  }

  return {
    find,

    async findByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return user ?? null;
    },

    /** The user, or NotFound. */
    async require(id: string) {
      const user = await find(id);
      if (!user) throw new NotFound('No such user.');
      return user;
    },

    /** Admins who are not banned now: the ones who could still run the site. */
    async countActiveAdmins() {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(sql`'admin' = any(string_to_array(${users.role}, ','))`, not(bannedNow)));
      return row?.value ?? 0;
    },
  };
}
