// The admin overview's figures (decision 051), for the back office's landing screen and other clients.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewSchema } from '#shared/resources/overview.ts';
import { declareAccess } from './access.ts';
import { errorResponses } from './errors.ts';

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { overview } = app.services;
  declareAccess(app, 'admin');

  app.get(
    '/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'How the site is doing',
        description:
          'Viewers now, views in the last day and week, the most watched titles this week, new accounts, ' +
          'reports, the transcode queue and disk use. Folder sizes are measured in the background and kept ' +
          'ten minutes (`folders` is null until the first walk has finished). `viewers_now` then follows on ' +
          'the socket as `presence.count`.',
        response: { 200: overviewSchema, ...errorResponses(401, 403) },
      },
    },
    async () => overview.read(),
  );
};
