// Viewers' reports (no account needed; CSRF as for any POST): a broken or wrong episode, for the Report Manager.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, REPORT_STATUSES } from '#server/db/schema/index.ts';
import { callerOf, webHeaders } from './headers.ts';
import { errorResponses, rowId } from './errors.ts';

const reportBody = z.strictObject({
  episode_id: rowId,
  reason: z
    .enum(REPORT_REASONS)
    .describe(
      '`wont_play`, `wrong_episode`, `audio_video` (out of sync or missing), `subtitles`, `other`',
    ),
  message: z
    .string()
    .trim()
    .max(REPORT_MESSAGE_MAX, `Use at most ${REPORT_MESSAGE_MAX} characters.`)
    .optional()
    .describe('What the viewer saw, in their words'),
});

const reportSchema = z
  .object({
    id: z.number(),
    movie_id: z.number(),
    episode_id: z.number(),
    reason: z.enum(REPORT_REASONS),
    message: z.string(),
    status: z.enum(REPORT_STATUSES),
    created_at: z.string(),
  })
  .meta({ id: 'Report' });

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports, auth, rateLimits } = app.services;

  app.post(
    '/reports',
    {
      config: { access: 'public' },
      schema: {
        tags: ['engagement'],
        summary: 'Report a problem with an episode',
        description:
          'Anyone may report a published episode; a signed-in viewer is recorded with the report. Limited per IP ' +
          'and per user like sign-in (429 with Retry-After). Admins hear `report.created` in realtime.',
        body: reportBody,
        response: {
          201: z.object({ report: reportSchema }),
          ...errorResponses(404, 419, 422, 429),
        },
      },
    },
    async (request, reply) => {
      // Most viewers are anonymous: without a cookie or token there is no session to look up.
      const user = await auth.getCurrentUser(webHeaders(request));
      await rateLimits.consume('report', [
        `ip:${request.ip}`,
        ...(user ? [`user:${user.id}`] : []),
      ]);
      const report = await reports.create({
        episodeId: request.body.episode_id,
        reason: request.body.reason,
        message: request.body.message,
        userId: user?.id,
        userAgent: callerOf(request).userAgent,
      });
      return reply.status(201).send({ report });
    },
  );
};
