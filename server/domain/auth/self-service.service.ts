// What a person does with their own account: register, verify the email address, forgot and reset the password,
// profile, profile picture, password, email change, and deleting the account. Takes plain values (the user's id,
// their session id); Better Auth is reached through the adapter.
import type { NotificationEmail } from '#shared/notifications.ts';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { Conflict, Gone, Invalid } from '#server/domain/errors.ts';
import { accountMail } from '#server/mail/templates.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { acceptImage, RejectedImageError } from '#server/media/image-intake.ts';
import { assertNotLastAdmin } from './admin-users.service.ts';
import type { AvatarStorage } from './avatar.storage.ts';
import type { AuthAdapter } from './better-auth.adapter.ts';
import type { SessionsService } from './sessions.service.ts';
import { toUserResource, type Caller, type UserRow } from './user.resource.ts';
import type { UsersRepository } from './users.repository.ts';

export const VERIFY_TOKEN_TTL_SECONDS = 24 * 60 * 60;

// The common passwords (about 420 KB of the bundle) are loaded by the first password set, not by every start
// (decision 057).
let commonPasswords: Promise<Set<string>> | undefined;
export async function isCommonPassword(password: string) {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((module) => {
    // CommonJS in the bundle (its package's `main`): the exports come as the module's default.
    const { dictionary } = module.dictionary
      ? module
      : (module as unknown as { default: typeof module }).default;
    return new Set(
      (dictionary['passwords-common'] as string[])
        .filter((p) => p.length >= 8)
        .map((p) => p.toLowerCase()),
    );
  });
  return (await commonPasswords).has(password.toLowerCase());
}

async function checkNewPassword(password: string, confirmation: string, field = 'password') {
  if (await isCommonPassword(password)) throw Invalid.field(field, 'This password is too common.');
  if (password !== confirmation)
    throw Invalid.field('password_confirmation', 'The password confirmation does not match.');
}

const invalidVerifyLink = () =>
  new Invalid(undefined, 'This verification link is not valid.', 'invalid_token');

export type SelfService = ReturnType<typeof createSelfService>;

export function createSelfService(options: {
  db: Database;
  adapter: AuthAdapter;
  users: UsersRepository;
  sessions: SessionsService;
  avatars: AvatarStorage;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  siteName: () => string;
  log?: { error: (object: object, message: string) => void };
}) {
  const { db, adapter, users: userRows, sessions, avatars, mailer, publicUrl, siteName } = options;
  const verifyKey = new TextEncoder().encode(`email-verification:${options.secret}`);

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
        site: siteName(),
      }),
    );
  }

  async function markEmailVerified(userId: string, email?: string) {
    await db
      .update(users)
      .set({
        ...(email ? { email } : {}),
        emailVerified: true,
        emailVerifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  }

  return {
    /** Better Auth calls this (through createAuth's sendResetPassword) to mail a reset link. */
    async sendResetMail(user: { id: string; email: string; name: string }, token: string) {
      const row = await userRows.find(user.id);
      await mailer.send(
        accountMail('reset', {
          to: user.email,
          name: user.name,
          locale: row?.locale ?? 'vi',
          url: `${publicUrl}/auth/reset/${encodeURIComponent(token)}`,
          site: siteName(),
        }),
      );
    },

    async getUserResource(id: string) {
      return toUserResource(await userRows.require(id));
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
      await checkNewPassword(input.password, input.password_confirmation);
      const opened = await adapter.signUp(
        {
          name: input.name,
          email: input.email,
          password: input.password,
          locale: input.locale ?? 'vi',
        },
        caller,
      );
      await sendVerification(await userRows.require(opened.userId));
      return sessions.finishSignIn(opened, caller, input.device_name);
    },

    async resendVerification(userId: string) {
      const user = await userRows.require(userId);
      if (user.emailVerified)
        throw new Conflict('already_verified', 'This email address is already verified.');
      await sendVerification(user);
    },

    /** Opens a verification link: confirms the address, or moves the account to the new one it names. */
    async verifyEmail(token: string): Promise<'verified' | 'already_verified'> {
      let payload: { email?: string; updateTo?: string };
      try {
        const verified = await jwtVerify(token, verifyKey, { algorithms: ['HS256'] });
        payload = verified.payload as typeof payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new Gone('This verification link has expired.', 'expired');
        throw invalidVerifyLink();
      }
      const user = payload.email ? await userRows.findByEmail(payload.email) : null;
      if (!user) throw invalidVerifyLink();
      if (payload.updateTo) {
        if (user.email === payload.updateTo && user.emailVerified) return 'already_verified';
        const taken = await userRows.findByEmail(payload.updateTo);
        if (taken && taken.id !== user.id)
          throw new Conflict('email_taken', 'This email address is already registered.');
        await markEmailVerified(user.id, payload.updateTo);
        return 'verified';
      }
      if (user.emailVerified) return 'already_verified';
      await markEmailVerified(user.id);
      return 'verified';
    },

    /**
     * Starts the reset mail and answers at once: the body and the time taken are the same whether or not the
     * address is registered (waiting for the mail would tell them apart). Failures are logged.
     */
    async forgotPassword(email: string) {
      void adapter
        .requestPasswordReset(email)
        .catch((err: unknown) => options.log?.error({ err }, 'password reset mail failed'));
    },

    async resetPassword(input: { token: string; password: string; password_confirmation: string }) {
      await checkNewPassword(input.password, input.password_confirmation);
      await adapter.resetPassword(input.token, input.password);
    },

    async updateProfile(
      userId: string,
      input: { name?: string; locale?: 'en' | 'vi'; notification_email?: NotificationEmail },
    ) {
      const changes: Partial<UserRow> = { updatedAt: new Date() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.locale !== undefined) changes.locale = input.locale;
      if (input.notification_email !== undefined)
        changes.notificationEmail = input.notification_email;
      await db.update(users).set(changes).where(eq(users.id, userId));
      return toUserResource(await userRows.require(userId));
    },

    /** Takes the upload if its content is an image, stores it as a square webp, removes the old one. */
    async setAvatar(userId: string, bytes: Buffer) {
      const before = await userRows.require(userId);
      const image = await acceptImage(bytes, 'avatar').catch((error: unknown) => {
        if (error instanceof RejectedImageError) throw Invalid.field('avatar', error.message);
        throw error;
      });
      const saved = await avatars.save(userId, image.data);
      await db
        .update(users)
        .set({ image: saved, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await avatars.remove(before.image, saved);
      return toUserResource(await userRows.require(userId));
    },

    async removeAvatar(userId: string) {
      const before = await userRows.require(userId);
      await db
        .update(users)
        .set({ image: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await avatars.remove(before.image);
      return toUserResource(await userRows.require(userId));
    },

    /** Checks the current password and sets the new one; every session but this one ends (it keeps its token). */
    async changePassword(
      current: { id: string; sessionId: string },
      input: { current_password: string; password: string; password_confirmation: string },
    ) {
      await checkNewPassword(input.password, input.password_confirmation);
      await adapter.changePassword(current.id, input.current_password, input.password);
      return sessions.revokeOtherSessions(current.id, current.sessionId);
    },

    async requestEmailChange(userId: string, input: { email: string; current_password: string }) {
      const user = await userRows.require(userId);
      if (!(await adapter.verifyPassword(userId, input.current_password)))
        throw Invalid.field('current_password', 'The password is incorrect.');
      if (input.email === user.email)
        throw Invalid.field('email', 'This is already your email address.');
      if (await userRows.findByEmail(input.email))
        throw Invalid.field('email', 'This email address is already registered.');
      await sendVerification(user, input.email);
    },

    /** Removes the account (its sessions and data go with it by foreign key), never the last admin. */
    async deleteAccount(userId: string, password: string) {
      const user = await userRows.require(userId);
      if (!(await adapter.verifyPassword(userId, password)))
        throw Invalid.field('password', 'The password is incorrect.');
      await assertNotLastAdmin(userRows, user);
      await db.delete(users).where(eq(users.id, userId));
      await avatars.remove(user.image);
    },
  };
}
