// The one door to Better Auth: the only module that calls its API, reads request headers or hands out set-cookie
// values. It answers plain values (user id, session id, token) and turns Better Auth's errors into domain errors,
// so the sessions, self-service and admin services never see a Headers object or an APIError.
import { APIError } from 'better-auth/api';
import { Invalid } from '#server/domain/errors.ts';
import { carriesCredentials } from '#shared/cookies.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import type { Caller } from './user.resource.ts';

/** The session a request carries, with the fields of its user that every request needs. */
export type RequestSession = {
  sessionId: string;
  lastActiveAt: Date | null;
  user: {
    id: string;
    name: string;
    email: string;
    image: string | null;
    role: string | null;
    emailVerified: boolean;
    locale: string | null;
    historyPaused: boolean;
    createdAt: Date;
  };
};

/** A session Better Auth has just opened, and the two ways a client can hold it. */
export type OpenedSession = {
  userId: string;
  /** The session row's token (sessions.token). */
  sessionToken: string;
  /** Token mode: the signed token of the bearer plugin, for `Authorization: Bearer`. */
  bearerToken: string;
  /** Cookie mode: the set-cookie values that carry the session. */
  setCookie: string[];
};

/** Better Auth refused a sign-in because the account is banned; the caller words the answer. */
export class BannedSignIn extends Error {
  constructor() {
    super('The account is banned.');
    this.name = 'BannedSignIn';
  }
}

const codeOf = (error: APIError) => (error.body as { code?: string } | undefined)?.code ?? '';

/** Better Auth answers with APIError; map the ones a person can cause to domain errors. */
function fromAuthError(error: unknown): never {
  if (error instanceof APIError) {
    const code = codeOf(error);
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')
      throw Invalid.field('email', 'This email address is already registered.');
    if (code === 'INVALID_EMAIL_OR_PASSWORD')
      throw new Invalid(
        { email: 'The email or password is incorrect.' },
        'The email or password is incorrect.',
        'invalid_credentials',
      );
    if (code === 'INVALID_PASSWORD')
      throw Invalid.field('current_password', 'The password is incorrect.');
    if (code === 'INVALID_TOKEN')
      throw new Invalid(undefined, 'This link has expired or was already used.', 'invalid_token');
    if (code === 'PASSWORD_TOO_SHORT')
      throw Invalid.field('password', 'Use at least 8 characters.');
    if (code === 'PASSWORD_TOO_LONG')
      throw Invalid.field('password', 'Use at most 128 characters.');
    if (code === 'BANNED_USER') throw new BannedSignIn();
  }
  throw error;
}

const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);

export type AuthAdapter = ReturnType<typeof createAuthAdapter>;

export function createAuthAdapter(auth: Auth) {
  /** Headers for Better Auth calls made for a caller: only the client IP we determined and their user agent. */
  function callerHeaders(caller: Caller) {
    const headers = new Headers();
    headers.set(CLIENT_IP_HEADER, caller.ip);
    headers.set('user-agent', caller.userAgent);
    return headers;
  }

  function opened(result: {
    headers: Headers;
    response: { token: string | null; user: { id: string } };
  }): OpenedSession {
    const token = result.response.token;
    if (!token) throw new Error('Better Auth opened no session');
    return {
      userId: result.response.user.id,
      sessionToken: token,
      bearerToken: result.headers.get('set-auth-token') ?? token,
      setCookie: result.headers.getSetCookie(),
    };
  }

  return {
    /** The session of a request (session cookie or Bearer token), or null when it carries none that is valid. */
    async sessionOf(headers: Headers): Promise<RequestSession | null> {
      // Most requests are guests' (with the CSRF or language cookie at most): no session cookie and no token
      // means no session, known without Better Auth's request pipeline (a tenth of a guest heartbeat's time).
      if (!carriesCredentials(headers.get('cookie'), headers.get('authorization'))) return null;
      const found = await auth.api
        .getSession({ headers, query: { disableCookieCache: true } })
        .catch(() => null);
      if (!found) return null;
      const { user, session } = found;
      return {
        sessionId: session.id,
        lastActiveAt: asDate(session.lastActiveAt),
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image ?? null,
          role: user.role ?? null,
          emailVerified: user.emailVerified,
          locale: user.locale ?? null,
          historyPaused: user.historyPaused === true,
          createdAt: new Date(user.createdAt),
        },
      };
    },

    async signUp(
      input: { name: string; email: string; password: string; locale: 'en' | 'vi' },
      caller: Caller,
    ) {
      const result = await auth.api
        .signUpEmail({ body: input, headers: callerHeaders(caller), returnHeaders: true })
        .catch(fromAuthError);
      return opened(result);
    },

    /** Throws BannedSignIn for a banned account, Invalid for a wrong email or password. */
    async signIn(input: { email: string; password: string; remember: boolean }, caller: Caller) {
      const result = await auth.api
        .signInEmail({
          body: { email: input.email, password: input.password, rememberMe: input.remember },
          headers: callerHeaders(caller),
          returnHeaders: true,
        })
        .catch(fromAuthError);
      return opened(result);
    },

    /** The set-cookie values that clear the session cookie of the request (none in token mode). */
    async signOut(headers: Headers) {
      const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      return result?.headers.getSetCookie() ?? [];
    },

    /** A user with a password, made without signing anyone in; answers the id. */
    async createUser(input: { email: string; password: string; name: string; roles: string[] }) {
      const created = await auth.api.createUser({
        body: {
          email: input.email,
          password: input.password,
          name: input.name,
          role: input.roles as ('admin' | 'user')[],
        },
      });
      return created.user.id;
    },

    async verifyPassword(userId: string, password: string) {
      const context = await auth.$context;
      const account = await context.internalAdapter.findCredentialAccount(userId);
      if (!account?.password) return false;
      return context.password.verify({ hash: account.password, password });
    },

    /**
     * Better Auth's change-password steps (check the current password, hash the new one) without its endpoint,
     * which needs the request's session and would replace it if asked to end the others.
     */
    async changePassword(userId: string, currentPassword: string, newPassword: string) {
      const context = await auth.$context;
      const account = await context.internalAdapter.findCredentialAccount(userId);
      if (
        !account?.password ||
        !(await context.password.verify({ hash: account.password, password: currentPassword }))
      )
        throw Invalid.field('current_password', 'The password is incorrect.');
      const hash = await context.password.hash(newPassword);
      await context.internalAdapter.updateAccount(account.id, { password: hash });
    },

    /** Better Auth mails the link (createAuth's sendResetPassword); an unknown address is silently ignored. */
    async requestPasswordReset(email: string) {
      await auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset' } });
    },

    /** Sets the password from a reset token; every session of the account ends (createAuth). */
    async resetPassword(token: string, newPassword: string) {
      await auth.api.resetPassword({ body: { token, newPassword } }).catch(fromAuthError);
    },

    /**
     * What the admin plugin's ban endpoint does, minus its check of the caller's session (our access check and
     * the admin service have decided already): mark the ban, which sign-in then refuses, and end every session.
     */
    async banUser(userId: string, ban: { reason: string; expires: Date | null }) {
      const context = await auth.$context;
      await context.internalAdapter.updateUser(userId, {
        banned: true,
        banReason: ban.reason,
        banExpires: ban.expires,
        updatedAt: new Date(),
      });
      await context.internalAdapter.deleteUserSessions(userId);
    },

    async unbanUser(userId: string) {
      const context = await auth.$context;
      await context.internalAdapter.updateUser(userId, {
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: new Date(),
      });
    },
  };
}
