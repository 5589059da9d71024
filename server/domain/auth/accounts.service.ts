// Accounts: registration, sign-in (cookie and token mode), verification, password reset, profile, devices, and
// the admin's users manager. Better Auth does hashing, sessions and reset tokens; the rules live here.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';
import { APIError } from 'better-auth/api';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNull,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import sharp from 'sharp';
import UAParser from 'ua-parser-js';
import type { Database } from '#server/db/client.ts';
import { accounts, sessions, signIns, users } from '#server/db/schema/index.ts';
import { HttpError } from '#server/http/errors.ts';
import { accountMail } from '#server/mail/templates.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';

export const VERIFY_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const AVATAR_SIZE = 256;
export const ROLES = ['admin', 'user'] as const;
const LAST_ACTIVE_THROTTLE_MS = 60_000;

type UserRow = typeof users.$inferSelect;

export type UserResource = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  email_verified_at: string | null;
  locale: 'en' | 'vi';
  created_at: string;
};

export type AdminUserResource = UserResource & {
  banned: boolean;
  ban_reason: string | null;
  ban_expires_at: string | null;
  last_active_at: string | null;
  sessions_count: number;
};

export type SessionResource = {
  id: string;
  device_name: string | null;
  browser: string | null;
  os: string | null;
  device_type: string | null;
  ip_address: string | null;
  created_at: string;
  last_active_at: string | null;
  current: boolean;
};

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  roles: string[];
  emailVerified: boolean;
  locale: 'en' | 'vi';
  createdAt: string;
  sessionId: string;
};

/** An admin acting in the users manager: their id and the request headers that carry their session. */
export type Actor = { id: string; headers: Headers };

/** Who is calling: the socket (or trusted proxy) address and the user agent, passed on to Better Auth. */
export type Caller = { ip: string; userAgent: string };

export const parseRoles = (role: string | null | undefined) =>
  (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/** Banned, and the ban has no end or ends in the future. */
const bannedNow = and(
  eq(users.banned, true),
  or(isNull(users.banExpires), gt(users.banExpires, sql`now()`)),
)!;
const isBannedNow = (user: UserRow) =>
  user.banned && (!user.banExpires || user.banExpires.getTime() > Date.now());

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const asLocale = (value: string | null | undefined): 'en' | 'vi' => (value === 'en' ? 'en' : 'vi');

export function toUserResource(user: UserRow): UserResource {
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
    created_at: user.createdAt.toISOString(),
  };
}

let commonPasswords: Set<string> | undefined;
export function isCommonPassword(password: string) {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[])
      .filter((p) => p.length >= 8)
      .map((p) => p.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
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

function validationError(field: string, message: string): never {
  throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', { [field]: message });
}

function checkNewPassword(password: string, confirmation: string, field = 'password') {
  if (isCommonPassword(password)) validationError(field, 'This password is too common.');
  if (password !== confirmation)
    validationError('password_confirmation', 'The password confirmation does not match.');
}

/** Better Auth answers with APIError; map the ones a person can cause to our error shape. */
function fromAuthError(error: unknown): never {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')
      validationError('email', 'This email address is already registered.');
    if (code === 'INVALID_EMAIL_OR_PASSWORD')
      throw new HttpError(422, 'invalid_credentials', 'The email or password is incorrect.', {
        email: 'The email or password is incorrect.',
      });
    if (code === 'INVALID_PASSWORD')
      validationError('current_password', 'The password is incorrect.');
    if (code === 'INVALID_TOKEN')
      throw new HttpError(422, 'invalid_token', 'This link has expired or was already used.');
    if (code === 'PASSWORD_TOO_SHORT') validationError('password', 'Use at least 8 characters.');
    if (code === 'PASSWORD_TOO_LONG') validationError('password', 'Use at most 128 characters.');
  }
  throw error;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(options: {
  db: Database;
  auth: Auth;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  siteName: string;
  storageRoot: string;
  log?: { error: (object: object, message: string) => void };
}) {
  const { db, auth, mailer, publicUrl, siteName } = options;
  const verifyKey = new TextEncoder().encode(`email-verification:${options.secret}`);

  /** Headers for Better Auth calls: the caller's own plus the client IP we determined. */
  function authHeaders(caller: Caller, from?: Headers) {
    const headers = new Headers(from);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, caller.ip);
    headers.set('user-agent', caller.userAgent);
    return headers;
  }

  async function findUser(id: string) {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  }

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return user ?? null;
  }

  async function requireUser(id: string) {
    const user = await findUser(id);
    if (!user) throw new HttpError(404, 'not_found', 'No such user.');
    return user;
  }

  async function verifyPassword(userId: string, password: string) {
    const [account] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    if (!account?.password) return false;
    const context = await auth.$context;
    return context.password.verify({ hash: account.password, password });
  }

  async function createVerifyToken(email: string, updateTo?: string) {
    return new SignJWT({
      email: email.toLowerCase(),
      ...(updateTo ? { updateTo: updateTo.toLowerCase() } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${VERIFY_TOKEN_TTL_SECONDS}s`)
      .sign(verifyKey);
  }

  function verifyUrl(token: string) {
    const api = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
    return `${publicUrl}/auth/verify?verify_url=${encodeURIComponent(api)}`;
  }

  async function sendVerification(user: UserRow, updateTo?: string) {
    const token = await createVerifyToken(user.email, updateTo);
    await mailer.send(
      accountMail(updateTo ? 'changeEmail' : 'verify', {
        to: updateTo ?? user.email,
        name: user.name,
        locale: user.locale,
        url: verifyUrl(token),
        site: siteName,
      }),
    );
  }

  async function sendResetMail(user: { id: string; email: string; name: string }, token: string) {
    const row = await findUser(user.id);
    await mailer.send(
      accountMail('reset', {
        to: user.email,
        name: user.name,
        locale: row?.locale ?? 'vi',
        url: `${publicUrl}/auth/reset/${encodeURIComponent(token)}`,
        site: siteName,
      }),
    );
  }

  /** After Better Auth opened a session: name the device, note the sign-in, answer in the asked mode. */
  async function finishSignIn(
    result: { headers: Headers; response: { token: string; user: { id: string } } },
    caller: Caller,
    deviceName: string | undefined,
  ) {
    const token = result.response.token;
    await db
      .update(sessions)
      .set({ deviceName: deviceName ?? null, lastActiveAt: new Date() })
      .where(eq(sessions.token, token));
    await db.insert(signIns).values({
      userId: result.response.user.id,
      ipAddress: caller.ip,
      userAgent: caller.userAgent.slice(0, 512),
    });
    const user = toUserResource(await requireUser(result.response.user.id));
    if (deviceName) {
      // Token mode: the signed token Better Auth's bearer plugin hands out; no cookie.
      return {
        user,
        token: result.headers.get('set-auth-token') ?? token,
        setCookie: [] as string[],
      };
    }
    return { user, token: undefined, setCookie: result.headers.getSetCookie() };
  }

  async function currentSession(headers: Headers) {
    return auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(() => null);
  }

  return {
    auth,
    toUserResource,
    findUserByEmail,
    sendResetMail,

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
      await db
        .update(users)
        .set({ emailVerified: true, emailVerifiedAt: new Date() })
        .where(eq(users.email, email));
      return { created: true as const, email, password: generated ? password : undefined };
    },

    /** The signed-in user of a request (session cookie or Bearer token), or null. */
    async getCurrentUser(headers: Headers): Promise<CurrentUser | null> {
      const found = await currentSession(headers);
      if (!found) return null;
      const { user, session } = found;
      const last = session.lastActiveAt ? new Date(session.lastActiveAt).getTime() : 0;
      if (Date.now() - last > LAST_ACTIVE_THROTTLE_MS) {
        await db
          .update(sessions)
          .set({ lastActiveAt: new Date() })
          .where(eq(sessions.id, session.id));
      }
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        avatar: user.image ?? null,
        roles: parseRoles(user.role),
        emailVerified: user.emailVerified,
        locale: asLocale(user.locale),
        createdAt: new Date(user.createdAt).toISOString(),
        sessionId: session.id,
      };
    },

    async getUserResource(id: string) {
      return toUserResource(await requireUser(id));
    },

    async register(
      input: {
        name: string;
        email: string;
        password: string;
        password_confirmation: string;
        locale?: 'en' | 'vi';
        device_name?: string;
      },
      caller: Caller,
    ) {
      checkNewPassword(input.password, input.password_confirmation);
      const result = await auth.api
        .signUpEmail({
          body: {
            name: input.name,
            email: input.email,
            password: input.password,
            locale: input.locale ?? 'vi',
          },
          headers: authHeaders(caller),
          returnHeaders: true,
        })
        .catch(fromAuthError);
      const created = await requireUser(result.response.user.id);
      await sendVerification(created);
      if (!result.response.token) throw new Error('sign-up opened no session');
      return finishSignIn(
        { headers: result.headers, response: { token: result.response.token, user: created } },
        caller,
        input.device_name,
      );
    },

    async login(
      input: { email: string; password: string; remember?: boolean; device_name?: string },
      caller: Caller,
    ) {
      try {
        const result = await auth.api.signInEmail({
          body: {
            email: input.email,
            password: input.password,
            rememberMe: input.remember ?? true,
          },
          headers: authHeaders(caller),
          returnHeaders: true,
        });
        return await finishSignIn(result, caller, input.device_name);
      } catch (error) {
        if (
          error instanceof APIError &&
          (error.body as { code?: string })?.code === 'BANNED_USER'
        ) {
          const user = await findUserByEmail(input.email);
          const until = user?.banExpires
            ? ` until ${user.banExpires.toISOString().slice(0, 10)}`
            : '';
          throw new HttpError(
            403,
            'banned',
            `This account is banned${until}${user?.banReason ? `: ${user.banReason}` : '.'}`,
          );
        }
        return fromAuthError(error);
      }
    },

    /** Ends the session the request carries; answers the cookies that clear it in cookie mode. */
    async logout(headers: Headers, sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      return result?.headers.getSetCookie() ?? [];
    },

    async resendVerification(userId: string) {
      const user = await requireUser(userId);
      if (user.emailVerified)
        throw new HttpError(409, 'already_verified', 'This email address is already verified.');
      await sendVerification(user);
    },

    async verifyEmail(token: string): Promise<'verified' | 'already_verified'> {
      let payload: { email?: string; updateTo?: string };
      try {
        const verified = await jwtVerify(token, verifyKey, { algorithms: ['HS256'] });
        payload = verified.payload as typeof payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new HttpError(410, 'expired', 'This verification link has expired.');
        throw new HttpError(422, 'invalid_token', 'This verification link is not valid.');
      }
      const user = payload.email ? await findUserByEmail(payload.email) : null;
      if (!user) throw new HttpError(422, 'invalid_token', 'This verification link is not valid.');
      if (payload.updateTo) {
        if (user.email === payload.updateTo && user.emailVerified) return 'already_verified';
        const taken = await findUserByEmail(payload.updateTo);
        if (taken && taken.id !== user.id)
          throw new HttpError(409, 'email_taken', 'This email address is already registered.');
        await db
          .update(users)
          .set({
            email: payload.updateTo,
            emailVerified: true,
            emailVerifiedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        return 'verified';
      }
      if (user.emailVerified) return 'already_verified';
      await db
        .update(users)
        .set({ emailVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return 'verified';
    },

    /**
     * Starts the reset mail and answers at once: the body and the time taken are the same whether or not the
     * address is registered (waiting for the mail would tell them apart). Failures are logged.
     */
    async forgotPassword(email: string) {
      void auth.api
        .requestPasswordReset({ body: { email, redirectTo: '/auth/reset' } })
        .catch((err: unknown) => options.log?.error({ err }, 'password reset mail failed'));
    },

    async resetPassword(input: { token: string; password: string; password_confirmation: string }) {
      checkNewPassword(input.password, input.password_confirmation);
      await auth.api
        .resetPassword({ body: { token: input.token, newPassword: input.password } })
        .catch(fromAuthError);
    },

    async updateProfile(userId: string, input: { name?: string; locale?: 'en' | 'vi' }) {
      const changes: Partial<UserRow> = { updatedAt: new Date() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.locale !== undefined) changes.locale = input.locale;
      await db.update(users).set(changes).where(eq(users.id, userId));
      return toUserResource(await requireUser(userId));
    },

    /** Checks the upload is an image by its content, stores it as a square webp, removes the old one. */
    async setAvatar(userId: string, bytes: Buffer) {
      let webp: Buffer;
      try {
        const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 });
        const meta = await image.metadata();
        if (!meta.format || !['jpeg', 'png', 'webp', 'gif'].includes(meta.format))
          throw new Error(meta.format);
        webp = await image
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        validationError('avatar', 'Choose a JPEG, PNG, WebP or GIF image.');
      }
      const folder = path.join(options.storageRoot, 'avatars');
      await fs.mkdir(folder, { recursive: true });
      const name = `${userId}-${crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
      await fs.writeFile(path.join(folder, name), webp);
      const before = await requireUser(userId);
      await db
        .update(users)
        .set({ image: `/storage/avatars/${name}`, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await removeAvatarFile(before.image, name);
      return toUserResource(await requireUser(userId));
    },

    async removeAvatar(userId: string) {
      const before = await requireUser(userId);
      await db
        .update(users)
        .set({ image: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await removeAvatarFile(before.image);
      return toUserResource(await requireUser(userId));
    },

    /** Checks the current password and sets the new one; every session but this one ends (it keeps its token). */
    async changePassword(
      current: { id: string; sessionId: string },
      headers: Headers,
      caller: Caller,
      input: { current_password: string; password: string; password_confirmation: string },
    ) {
      checkNewPassword(input.password, input.password_confirmation);
      // Better Auth's own revokeOtherSessions replaces this session too, which would end a token-mode client.
      await auth.api
        .changePassword({
          body: {
            currentPassword: input.current_password,
            newPassword: input.password,
            revokeOtherSessions: false,
          },
          headers: authHeaders(caller, headers),
        })
        .catch(fromAuthError);
      return revokeOtherSessions(current.id, current.sessionId);
    },

    async requestEmailChange(userId: string, input: { email: string; current_password: string }) {
      const user = await requireUser(userId);
      if (!(await verifyPassword(userId, input.current_password)))
        validationError('current_password', 'The password is incorrect.');
      if (input.email === user.email)
        validationError('email', 'This is already your email address.');
      const taken = await findUserByEmail(input.email);
      if (taken) validationError('email', 'This email address is already registered.');
      await sendVerification(user, input.email);
    },

    async deleteAccount(userId: string, password: string) {
      const user = await requireUser(userId);
      if (!(await verifyPassword(userId, password)))
        validationError('password', 'The password is incorrect.');
      await assertNotLastAdmin(user);
      await db.delete(users).where(eq(users.id, userId));
      await removeAvatarFile(user.image);
    },

    async listSessions(headers: Headers): Promise<SessionResource[]> {
      const session = await currentSession(headers);
      if (!session) return [];
      return sessionsOf(session.user.id, session.session.id);
    },

    sessionsOf,

    async revokeSession(userId: string, sessionId: string) {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      if (!deleted.length) throw new HttpError(404, 'not_found', 'No such session.');
    },

    revokeOtherSessions,

    // --- The users manager (admins only; the routes check the role) ---

    async listUsers(query: {
      search?: string;
      role?: 'admin' | 'user';
      status?: 'active' | 'banned' | 'unverified';
      sort?: 'name' | 'email' | 'created_at' | 'last_active_at';
      order?: 'asc' | 'desc';
      page?: number;
      per_page?: number;
    }) {
      const page = Math.max(1, query.page ?? 1);
      const perPage = Math.min(100, Math.max(1, query.per_page ?? 20));
      const lastActive = sql<Date | null>`(select max(coalesce(${sessions.lastActiveAt}, ${sessions.createdAt})) from ${sessions} where ${sessions.userId} = "users"."id")`;
      const sessionCount = sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = "users"."id" and ${sessions.expiresAt} > now())`;
      const filters: SQL[] = [];
      if (query.search?.trim()) {
        const term = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
      const [rows, [total]] = await Promise.all([
        db
          .select({ user: users, lastActive, sessionCount })
          .from(users)
          .where(where)
          .orderBy(orderBy, asc(users.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(users).where(where),
      ]);
      const totalCount = total?.value ?? 0;
      return {
        data: rows.map((row) => toAdminResource(row.user, row.lastActive, row.sessionCount)),
        meta: {
          page,
          per_page: perPage,
          total: totalCount,
          last_page: Math.max(1, Math.ceil(totalCount / perPage)),
        },
      };
    },

    async getUserDetail(id: string) {
      const user = await findUser(id);
      if (!user) return null;
      const userSessions = await sessionsOf(id, null);
      const history = await db
        .select()
        .from(signIns)
        .where(eq(signIns.userId, id))
        .orderBy(desc(signIns.createdAt))
        .limit(20);
      const lastActive = userSessions.reduce<string | null>(
        (latest, s) =>
          !latest || (s.last_active_at ?? s.created_at) > latest
            ? (s.last_active_at ?? s.created_at)
            : latest,
        null,
      );
      return {
        user: toAdminResource(user, lastActive ? new Date(lastActive) : null, userSessions.length),
        sessions: userSessions,
        sign_ins: history.map((entry) => ({
          id: entry.id,
          ip_address: entry.ipAddress,
          ...describeUserAgent(entry.userAgent),
          created_at: entry.createdAt.toISOString(),
        })),
        // Follows and viewing history arrive with the engagement work.
        counts: { follows: 0, histories: 0 },
      };
    },

    async adminUpdateUser(actorId: string, id: string, input: { name?: string; roles?: string[] }) {
      const user = await requireUser(id);
      const changes: Partial<UserRow> = { updatedAt: new Date() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.roles !== undefined) {
        const roles = [...new Set(input.roles)];
        const wasAdmin = parseRoles(user.role).includes('admin');
        if (wasAdmin && !roles.includes('admin')) {
          if (actorId === id)
            throw new HttpError(409, 'self_protection', 'You cannot remove your own admin role.');
          await assertNotLastAdmin(user);
        }
        changes.role = roles.join(',');
      }
      await db.update(users).set(changes).where(eq(users.id, id));
      return adminResource(id);
    },

    /** Better Auth's admin plugin bans and ends every session; sign-in is refused until `expires_at`. */
    async ban(actor: Actor, id: string, input: { reason: string; expires_at?: string | null }) {
      const user = await requireUser(id);
      if (actor.id === id) throw new HttpError(409, 'self_protection', 'You cannot ban yourself.');
      await assertNotLastAdmin(user);
      const expires = input.expires_at ? new Date(input.expires_at) : null;
      if (expires && expires.getTime() <= Date.now() + 1000)
        validationError('expires_at', 'The end of the ban must be in the future.');
      await auth.api.banUser({
        body: {
          userId: id,
          banReason: input.reason,
          ...(expires ? { banExpiresIn: Math.ceil((expires.getTime() - Date.now()) / 1000) } : {}),
        },
        headers: actor.headers,
      });
      // Better Auth takes a duration in seconds: keep the exact end the admin chose.
      if (expires) await db.update(users).set({ banExpires: expires }).where(eq(users.id, id));
      return adminResource(id);
    },

    async unban(actor: Actor, id: string) {
      await requireUser(id);
      await auth.api.unbanUser({ body: { userId: id }, headers: actor.headers });
      return adminResource(id);
    },

    async markVerified(id: string) {
      const user = await requireUser(id);
      if (!user.emailVerified)
        await db
          .update(users)
          .set({ emailVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, id));
      return adminResource(id);
    },

    async sendResetLink(id: string) {
      const user = await requireUser(id);
      await auth.api.requestPasswordReset({
        body: { email: user.email, redirectTo: '/auth/reset' },
      });
    },

    async adminDeleteUser(actorId: string, id: string) {
      const user = await requireUser(id);
      if (actorId === id)
        throw new HttpError(409, 'self_protection', 'You cannot delete your own account here.');
      await assertNotLastAdmin(user);
      await db.delete(users).where(eq(users.id, id));
      await removeAvatarFile(user.image);
    },
  };

  /** Ends every session of the user but the given one; answers how many ended. */
  async function revokeOtherSessions(userId: string, currentSessionId: string) {
    const deleted = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  async function sessionsOf(
    userId: string,
    currentSessionId: string | null,
  ): Promise<SessionResource[]> {
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

  function toAdminResource(
    user: UserRow,
    lastActive: Date | string | null,
    sessionsCount: number,
  ): AdminUserResource {
    return {
      ...toUserResource(user),
      // A ban past its end is lifted by Better Auth at the next sign-in; until then it shows as lifted.
      banned: isBannedNow(user),
      ban_reason: user.banReason,
      ban_expires_at: iso(user.banExpires),
      last_active_at: lastActive ? new Date(lastActive).toISOString() : null,
      sessions_count: Number(sessionsCount),
    };
  }

  async function adminResource(id: string) {
    const user = await requireUser(id);
    const list = await sessionsOf(id, null);
    const last = list[0] ? (list[0].last_active_at ?? list[0].created_at) : null;
    return toAdminResource(user, last, list.length);
  }

  /** The last admin can never be banned, demoted or deleted. */
  async function assertNotLastAdmin(user: UserRow) {
    if (!parseRoles(user.role).includes('admin')) return;
    const [row] = await db
      .select({ value: count() })
      .from(users)
      .where(and(sql`'admin' = any(string_to_array(${users.role}, ','))`, not(bannedNow)));
    if ((row?.value ?? 0) <= 1)
      throw new HttpError(409, 'last_admin', 'The last admin cannot be removed.');
  }

  async function removeAvatarFile(image: string | null | undefined, keep?: string) {
    if (!image?.startsWith('/storage/avatars/')) return;
    const name = path.basename(image);
    if (name === keep) return;
    await fs.rm(path.join(options.storageRoot, 'avatars', name), { force: true });
  }
}
