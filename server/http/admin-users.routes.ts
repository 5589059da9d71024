// The users manager's API (admins only, checked here on every route): list, detail, edit, ban, unban, verify,
// send a reset link, delete. An admin cannot ban, demote or delete themselves; the last admin stays.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usersQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { adminUserSchema, sessionSchema } from '#shared/resources/user.ts';
import { nameField } from './accounts.routes.ts';
import { declareAccess } from './access.ts';
import { HttpError, errorResponses } from './errors.ts';
import { rowSteps } from './row-steps.ts';

const errors = errorResponses(401, 403, 404, 409, 419, 422);
const idParams = z.strictObject({ id: z.string().min(1).max(128) });
const userBody = z.object({ user: adminUserSchema });

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  declareAccess(app, 'admin');
  const actor = (request: FastifyRequest) => request.currentUser!.id;
  const userStep = rowSteps(app, { params: idParams, answer: userBody, errors });

  app.get(
    // '' (not '/'): the path is /api/admin/users, as in the contract and the OpenAPI document.
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'List users',
        description: 'Search by name or email ignores Vietnamese diacritics.',
        querystring: usersQuery.api,
        response: { 200: pageSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => auth.listUsers(request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A user with sessions, sign-ins and counts',
        params: idParams,
        response: {
          200: z.object({
            user: adminUserSchema,
            sessions: z.array(sessionSchema),
            sign_ins: z.array(
              z.object({
                id: z.number(),
                ip_address: z.string().nullable(),
                browser: z.string().nullable(),
                os: z.string().nullable(),
                device_type: z.string().nullable(),
                created_at: z.string(),
              }),
            ),
            counts: z.object({ follows: z.number(), histories: z.number() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const detail = await auth.getUserDetail(request.params.id);
      if (!detail) throw new HttpError(404, 'not_found', 'No such user.');
      return detail;
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit name and roles',
        params: idParams,
        body: z.strictObject({
          name: nameField.optional(),
          roles: z
            .array(z.enum(['admin', 'user']))
            .min(1)
            .max(2)
            .optional(),
        }),
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => ({
      user: await auth.adminUpdateUser(actor(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/:id/ban',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ban a user',
        description:
          'Their sessions end at once; sign-in is refused with the reason until the optional end date.',
        params: idParams,
        body: z.strictObject({
          reason: z.string().trim().min(1, 'Give a reason.').max(500),
          expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
        }),
        response: { 200: userBody, ...errors },
      },
    },
    async (request) => ({
      user: await auth.ban(actor(request), request.params.id, request.body),
    }),
  );

  userStep('POST', '/:id/unban', { summary: 'Lift a ban' }, async ({ id }) => ({
    user: await auth.unban(id),
  }));

  userStep('POST', '/:id/verify', { summary: 'Mark the email verified' }, async ({ id }) => ({
    user: await auth.markVerified(id),
  }));

  app.post(
    '/:id/send-reset-link',
    {
      schema: {
        tags: ['admin'],
        summary: 'Email the user a password reset link',
        params: idParams,
        response: { 202: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await auth.sendResetLink(request.params.id);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a user',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await auth.adminDeleteUser(actor(request), request.params.id);
      return { ok: true as const };
    },
  );
};
