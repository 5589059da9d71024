// The audit log for admins (decision 051): one page of admin writes, newest first, with search and filters, and the
// admins and areas the log holds (the screen's filters). Read only: nobody edits the log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { auditEntrySchema, auditFacetsSchema } from '#shared/resources/audit.ts';
import { declareAccess } from './access.ts';
import { errorResponses } from './errors.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;
  declareAccess(app, 'admin');

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'List the audit log',
        description:
          'Every admin write through the API: who, when, from which IP and screen, what (the route’s summary), ' +
          'the area and row, the status, and the values. The search matches the action, path, email, row and IP.',
        querystring: auditQuery.api,
        response: { 200: pageSchema(auditEntrySchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/admin/audit/facets',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admins and areas the audit log holds',
        response: { 200: auditFacetsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => audit.facets(),
  );
};
