// The watch page's public API: counting a view when playback starts (no account needed; CSRF as for any POST).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, webHeaders } from './headers.ts';
import { NotFound } from '#server/domain/errors.ts';
import { errorSchema, idParam } from './errors.ts';

const params = z.strictObject({ id: idParam });

export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { watch, auth, presence } = app.services;

  app.post(
    '/episodes/:id/view',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Count a view of an episode',
        description:
          'Sent by the player when playback starts. A view is counted at most once per viewer per episode per hour ' +
          '(a viewer is the signed-in user, else a keyed hash of IP and user agent); `counted` says whether this one was.',
        params,
        response: {
          200: z.object({ counted: z.boolean() }),
          404: errorSchema,
          419: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request) => {
      // Most viewers are anonymous: without a cookie or token there is no session to look up.
      const user = await auth.getCurrentUser(webHeaders(request));
      const { ip, userAgent } = callerOf(request);
      const viewer = { userId: user?.id, ip, userAgent };
      const counted = await watch.countView(request.params.id, viewer);
      await presence.seen(request.params.id, watch.viewerKey(viewer));
      return counted;
    },
  );

  app.post(
    '/episodes/:id/watching',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Say that playback goes on',
        description:
          'Sent by the player every two minutes while it plays: the admin overview counts viewers heard from in ' +
          'the last five minutes (decision 051). 404 for an episode that is not published.',
        params,
        response: { 204: z.null(), 404: errorSchema, 419: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.getCurrentUser(webHeaders(request));
      const { ip, userAgent } = callerOf(request);
      const known = await presence.seen(
        request.params.id,
        watch.viewerKey({ userId: user?.id, ip, userAgent }),
      );
      if (!known) throw new NotFound('No such episode.');
      return reply.status(204).send(null);
    },
  );
};
