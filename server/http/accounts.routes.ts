// Accounts over HTTP (docs/decisions/007-accounts-api.md): CSRF cookie, register, sign-in in cookie or token mode,
// logout, verification, password reset, the signed-in user's profile and devices. Thin: schema, auth, one call.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_RECIPES } from '#server/media/image-intake.ts';
import { createXsrfToken, xsrfCookie } from './csrf.ts';
import { errorSchema, HttpError, errorResponses } from './errors.ts';
import { readForm } from './method-override.ts';
import { locales } from '#shared/i18n.ts';
import { NOTIFICATION_EMAILS } from '#shared/notifications.ts';
import { sessionSchema, userSchema } from '#shared/resources/user.ts';
import { callerOf, webHeaders } from './headers.ts';
import { trimmed } from './validation.ts';

export const AVATAR_MAX_BYTES = IMAGE_RECIPES.avatar.maxBytes;

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
export const emailField = z.preprocess(lower, z.email('Enter a valid email address.').max(254));
export const nameField = trimmed(z.string().min(1, 'Enter a name.').max(100));
const passwordField = z
  .string()
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.');
const anyPassword = z.string().min(1, 'Enter your password.').max(128);
const localeField = z.enum(locales);
const deviceNameField = trimmed(z.string().min(1).max(255));

const userBody = z.object({ user: userSchema });
const signedInBody = z.object({ user: userSchema, token: z.string().optional() });
const okBody = z.object({ ok: z.literal(true), message: z.string().optional() });
const errors = errorResponses(401, 403, 404, 409, 410, 419, 422, 429);

const me = (request: FastifyRequest) => request.currentUser!;

function sendCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length) reply.header('set-cookie', cookies);
}

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, rateLimits } = app.services;
  const secure = app.services.config.publicUrl.startsWith('https:');

  app.get(
    '/csrf-cookie',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set the XSRF-TOKEN cookie',
        description:
          'Cookie mode: every unsafe request must send this cookie back in the X-XSRF-TOKEN header (else 419).',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      reply.header('set-cookie', xsrfCookie(createXsrfToken(app.xsrfSecret), secure));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public', tokenModeAllowed: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description:
          'Signs in at once (session cookie, or `{ token }` when `device_name` is given) and sends a verification email. 5 a minute per IP and per email.',
        body: z.strictObject({
          name: nameField,
          email: emailField,
          password: passwordField,
          password_confirmation: z.string().max(128),
          locale: localeField.optional(),
          device_name: deviceNameField.optional(),
        }),
        response: { 201: signedInBody, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimits.consume('register', [`ip:${request.ip}`, `email:${request.body.email}`]);
      const result = await auth.register(request.body, callerOf(request));
      sendCookies(reply, result.setCookie);
      return reply
        .status(201)
        .send({ user: result.user, ...(result.token ? { token: result.token } : {}) });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', tokenModeAllowed: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Cookie mode sets the session cookie (a browser-session cookie when `remember` is false); with `device_name` the answer carries `token` for `Authorization: Bearer`. 5 a minute per IP and per email; a banned account gets 403 with the reason.',
        body: z.strictObject({
          email: emailField,
          password: anyPassword,
          remember: z.boolean().optional(),
          device_name: deviceNameField.optional(),
        }),
        response: { 200: signedInBody, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimits.consume('login', [`ip:${request.ip}`, `email:${request.body.email}`]);
      const result = await auth.login(request.body, callerOf(request));
      sendCookies(reply, result.setCookie);
      return { user: result.user, ...(result.token ? { token: result.token } : {}) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'Ends the session of this request (cookie or token).',
        response: { 200: okBody, ...errors },
      },
    },
    async (request, reply) => {
      sendCookies(reply, await auth.logout(webHeaders(request), me(request)));
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Verify an email address',
        description:
          'The `verify_url` of the verification email. 410 when the link has expired, 422 when it is not valid.',
        querystring: z.strictObject({ token: z.string().min(10).max(2048) }),
        response: {
          200: z.object({ status: z.enum(['verified', 'already_verified']) }),
          ...errors,
        },
      },
    },
    async (request) => ({ status: await auth.verifyEmail(request.query.token) }),
  );

  app.post(
    '/auth/email/verification-notification',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Send the verification email again',
        response: { 202: okBody, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimits.consume('verify', [`user:${me(request).id}`]);
      await auth.resendVerification(me(request).id);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        description:
          'Always answers the same, whether or not the address has an account. 5 a minute per IP and per email.',
        body: z.strictObject({ email: emailField }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      await rateLimits.consume('forgot', [`ip:${request.ip}`, `email:${request.body.email}`]);
      await auth.forgotPassword(request.body.email);
      return {
        ok: true as const,
        message: 'If an account exists for this address, a reset link is on its way.',
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
        description:
          'Every session of the account ends. A used or expired token gets 422 `invalid_token`.',
        body: z.strictObject({
          token: z.string().min(8).max(512),
          password: passwordField,
          password_confirmation: z.string().max(128),
        }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => ({ user: await auth.getUserResource(me(request).id) }),
  );

  app.patch(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Change name, language or notification emails',
        description:
          '`notification_email`: `off`, `instant` (one email per notification) or `daily` (one digest a day); mail goes only to a verified address.',
        body: z.strictObject({
          name: nameField.optional(),
          locale: localeField.optional(),
          notification_email: z.enum(NOTIFICATION_EMAILS).optional(),
        }),
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => ({ user: await auth.updateProfile(me(request).id, request.body) }),
  );

  app.put(
    '/user/avatar',
    {
      config: {
        access: 'user',
        methodOverride: true,
        form: { files: ['avatar'], fileSize: AVATAR_MAX_BYTES },
      },
      schema: {
        tags: ['user'],
        summary: 'Upload a profile picture',
        description:
          'multipart/form-data with one `avatar` file (JPEG, PNG, WebP or GIF, checked by its content, 5 MB at most), stored as a 256 px WebP. Clients that cannot send a multipart PUT send POST with the field `_method=PUT`.',
        consumes: ['multipart/form-data'],
        response: { 200: userBody, 405: errorSchema, ...errors },
      },
    },
    async (request) => {
      const file = (await readForm(request)).files.avatar;
      if (!file?.data.length)
        throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
          avatar: 'Choose a picture.',
        });
      return { user: await auth.setAvatar(me(request).id, file.data) };
    },
  );

  app.put(
    '/user/avatar/from-storage',
    {
      // Only admins browse Local Files, so only they pick their picture from it.
      config: { access: 'admin' },
      schema: {
        tags: ['user'],
        summary: 'Take a profile picture from Local Files',
        description:
          'The `/storage/…` path of an image in Local Files (decision 050); checked and stored as the uploaded ' +
          'ones are (a 256 px WebP of its own, so the file can later move or go).',
        body: z.strictObject({
          path: z.string().trim().min(1).max(500).startsWith('/storage/'),
        }),
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => {
      const bytes = await app.services.localFiles.read(
        request.body.path.slice('/storage/'.length),
        AVATAR_MAX_BYTES,
      );
      return { user: await auth.setAvatar(me(request).id, bytes) };
    },
  );

  app.delete(
    '/user/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Remove the profile picture',
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => ({ user: await auth.removeAvatar(me(request).id) }),
  );

  app.put(
    '/user/password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Change the password',
        description: 'Needs the current password; every other session ends.',
        body: z.strictObject({
          current_password: anyPassword,
          password: passwordField,
          password_confirmation: z.string().max(128),
        }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(me(request), request.body);
      return { ok: true as const };
    },
  );

  app.put(
    '/user/email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Change the email address',
        description:
          'Needs the current password. The new address gets a verification link; the email changes when it is opened.',
        body: z.strictObject({ email: emailField, current_password: anyPassword }),
        response: { 202: okBody, ...errors },
      },
    },
    async (request, reply) => {
      await auth.requestEmailChange(me(request).id, request.body);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.delete(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Delete the account',
        description: 'Needs the password. The account, its sessions and its data are removed.',
        body: z.strictObject({ password: anyPassword }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request, reply) => {
      await auth.deleteAccount(me(request).id, request.body.password);
      sendCookies(reply, await auth.logout(webHeaders(request), me(request)));
      return { ok: true as const };
    },
  );

  app.get(
    '/user/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Signed-in devices',
        response: { 200: z.object({ sessions: z.array(sessionSchema) }), ...errors },
      },
    },
    async (request) => ({ sessions: await auth.sessionsOf(me(request).id, me(request).sessionId) }),
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Sign out one device',
        params: z.strictObject({ id: z.string().min(1).max(128) }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      await auth.revokeSession(me(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/user/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Sign out every other device',
        response: { 200: z.object({ revoked: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      revoked: await auth.revokeOtherSessions(me(request).id, me(request).sessionId),
    }),
  );
};
