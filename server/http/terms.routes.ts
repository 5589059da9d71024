// Genres, types and nations over HTTP: the admin managers (admins only) and the public lists.
import { termSchema } from '#shared/resources/term.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { termsQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { TERM_KINDS } from '#shared/catalog.ts';
import { declareAccess } from './access.ts';
import { errorResponses, idParam } from './errors.ts';
import { trimmed } from './validation.ts';

const termBody = z.strictObject({
  name: trimmed(z.string().min(1, 'Enter a name.').max(100)),
  slug: trimmed(z.string().max(120)).optional(),
  description: z.string().max(2000).optional(),
  order: z.number().int().min(-100_000).max(100_000).optional(),
  visible: z.boolean().optional(),
});
const kindParams = z.strictObject({ kind: z.enum(TERM_KINDS) });
const idParams = kindParams.extend({ id: idParam });
const errors = errorResponses(401, 403, 404, 409, 419, 422);
const termBodyOut = z.object({ term: termSchema });

export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { terms } = app.services;

  app.get(
    '/terms/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Visible genres, types or nations, in their order',
        params: kindParams,
        response: { 200: z.object({ data: z.array(termSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await terms.listVisible(request.params.kind) }),
  );

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    declareAccess(admin, 'admin');

    admin.get(
      '/admin/terms/:kind',
      {
        schema: {
          tags: ['admin'],
          summary: 'List genres, types or nations (search ignores diacritics)',
          params: kindParams,
          querystring: termsQuery.api,
          response: { 200: pageSchema(termSchema), ...errors },
        },
      },
      async (request) => terms.list(request.params.kind, request.query),
    );

    admin.post(
      '/admin/terms/:kind',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a genre, type or nation',
          description:
            'The slug comes from the name (or the given slug) and stays unique per kind: `-2`, `-3`…',
          params: kindParams,
          body: termBody,
          response: { 201: termBodyOut, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ term: await terms.create(request.params.kind, request.body) }),
    );

    admin.patch(
      '/admin/terms/:kind/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Edit a genre, type or nation',
          params: idParams,
          body: termBody.partial(),
          response: { 200: termBodyOut, ...errors },
        },
      },
      async (request) => ({
        term: await terms.update(request.params.kind, request.params.id, request.body),
      }),
    );

    admin.delete(
      '/admin/terms/:kind/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a genre, type or nation',
          description:
            'While movies use it: 409 `in_use`, unless `detach=true`, which removes it from them.',
          params: idParams,
          querystring: z.strictObject({ detach: z.enum(['true', 'false']).optional() }),
          response: { 200: z.object({ detached: z.number() }), ...errors },
        },
      },
      async (request) =>
        terms.remove(request.params.kind, request.params.id, {
          detach: request.query.detach === 'true',
        }),
    );
  };
  await app.register(adminRoutes);
};
