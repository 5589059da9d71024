// The Report Manager's API (admins only, decision 042): list reports with search, filters, sort and pages; count them
// by state (the menu's badge); move one or many along (open → in progress → resolved / dismissed); delete one or
// many. Changes are told to the admins' room as `report.updated` / `report.deleted`.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportsQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { REPORT_STATUSES } from '#shared/reports.ts';
import { adminReportSchema, reportCountsSchema } from '#shared/resources/report.ts';
import { declareAccess } from './access.ts';
import { errorResponses, idParam, rowId } from './errors.ts';

const errors = errorResponses(401, 403, 404, 419, 422);
const idParams = z.strictObject({ id: idParam });
/** The reports a bulk change applies to: all of them exist, or nothing changes (404). */
const bulkIds = z.array(rowId).min(1).max(500);
const status = z
  .enum(REPORT_STATUSES)
  .describe('`open`, `in_progress`, `resolved` or `dismissed`; any state may follow any other');
const affected = z.object({
  affected: z.number().describe('How many reports changed (those already in that state do not)'),
});

export const reportManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.services;
  declareAccess(app, 'admin');

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'List reports',
        description:
          'Newest first unless told. The search matches the movie title or the note, without diacritics.',
        querystring: reportsQuery.api,
        response: { 200: pageSchema(adminReportSchema), ...errors },
      },
    },
    async (request) => reports.list(request.query),
  );

  app.get(
    '/admin/reports/counts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Count reports by state',
        description: 'The back-office menu shows `open` on the Report Manager.',
        response: { 200: reportCountsSchema, ...errors },
      },
    },
    async () => reports.counts(),
  );

  app.patch(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the state of several reports',
        description:
          'All or nothing: an unknown id is 404. Emits one `report.updated` with the reports that moved.',
        body: z.strictObject({ ids: bulkIds, status }),
        response: { 200: affected, ...errors },
      },
    },
    async (request) =>
      reports.setStatus(request.body.ids, request.body.status, request.currentUser!.id),
  );

  app.patch(
    '/admin/reports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the state of a report',
        description: 'Leaving `open` records when and by whom; back to `open` clears both.',
        params: idParams,
        body: z.strictObject({ status }),
        response: { 200: z.object({ report: adminReportSchema }), ...errors },
      },
    },
    async (request) => {
      await reports.setStatus([request.params.id], request.body.status, request.currentUser!.id);
      return { report: await reports.get(request.params.id) };
    },
  );

  app.delete(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete several reports',
        description: 'All or nothing: an unknown id is 404. Emits one `report.deleted`.',
        body: z.strictObject({ ids: bulkIds }),
        response: { 200: affected, ...errors },
      },
    },
    async (request) => reports.remove(request.body.ids),
  );

  app.delete(
    '/admin/reports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a report',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await reports.remove([request.params.id]);
      return { ok: true as const };
    },
  );
};
