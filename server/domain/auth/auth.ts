// The Better Auth instance: password hashing, sessions, roles. Its HTTP routes arrive with the accounts work.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer } from 'better-auth/plugins';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(options: { db: Database; secret: string; baseURL: string }) {
  return betterAuth({
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.baseURL],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 365, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: true, storage: 'database' },
    telemetry: { enabled: false },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] }), bearer()],
  });
}
