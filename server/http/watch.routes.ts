// The watch page's public API: counting a view when playback starts (no account needed; CSRF as for any POST).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, webHeaders } from './headers.ts';
import { errorSchema, idParam } from './errors.ts';

const params = z.strictObject({ id: idParam });

export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { watch, auth } = app.services;

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
      const maySignIn = Boolean(request.headers.cookie || request.headers.authorization);
      const user = maySignIn ? await auth.getCurrentUser(webHeaders(request)) : null;
      const { ip, userAgent } = callerOf(request);
      return watch.countView(request.params.id, { userId: user?.id, ip, userAgent });
    },
  );
};
