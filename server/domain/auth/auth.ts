// The Better Auth instance: password hashing, sessions, bearer tokens, reset tokens, roles and bans. Its HTTP
// handler is not mounted: only better-auth.adapter.ts calls it, in-process (docs/decisions/007-accounts-api.md).
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer } from 'better-auth/plugins';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';

export type Auth = ReturnType<typeof createAuth>;

/**
 * The client IP reaches Better Auth (sessions record it) in this header, which our code always rebuilds from
 * Fastify's `request.ip` (the socket's address, or the proxy's forwarded one when TRUST_PROXY says so): the
 * value a client sent itself never gets through.
 */
export const CLIENT_IP_HEADER = 'x-forwarded-for';
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

type Log = Record<'debug' | 'info' | 'warn' | 'error', (object: object, message: string) => void>;

export function createAuth(options: {
  db: Database;
  /** Better Auth's own messages go to our logger (not to stderr). */
  log: Log;
  secret: string;
  baseURL: string;
  sendResetPassword: (data: {
    user: { id: string; email: string; name: string };
    token: string;
  }) => Promise<void>;
}) {
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
    user: {
      additionalFields: {
        locale: { type: 'string', required: false, defaultValue: 'vi', input: true },
        /** Read with every session, so that a watch page knows without another query (decision 040). */
        historyPaused: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => options.sendResetPassword({ user, token }),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 365,
      updateAge: 60 * 60 * 24,
      // Our columns, so that getSession returns them (devices list, last-activity throttle).
      additionalFields: {
        deviceName: { type: 'string', required: false, input: false },
        lastActiveAt: { type: 'date', required: false, input: false },
      },
    },
    // Our own limiter (rate-limiter-flexible) counts per IP and per email across processes.
    rateLimit: { enabled: false },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    telemetry: { enabled: false },
    logger: {
      level: 'info',
      log: (level, message, ...args) => {
        const err = args.find((arg): arg is Error => arg instanceof Error);
        options.log[level](
          err ? { source: 'better-auth', err } : { source: 'better-auth' },
          message,
        );
      },
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] }), bearer()],
  });
}
