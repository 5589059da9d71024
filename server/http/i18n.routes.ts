// Locale messages (GET /_i18n/{locale}/messages.json) and the build id clients poll to notice a new release.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { locales } from '#shared/i18n.ts';
import { messages, messagesVersion } from '#shared/locales/index.ts';
import { errorBody } from './errors.ts';

export const i18nRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/_i18n/:locale/messages.json',
    {
      schema: {
        hide: true,
        params: z.object({ locale: z.string().max(10) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const locale = request.params.locale;
      if (!(locales as readonly string[]).includes(locale)) {
        return reply.status(404).send(errorBody('not_found', `Unknown locale ${locale}`));
      }
      // Kept 24 hours under the address of this release's messages (`?v=`, as pages ask for them); an address of
      // other messages (a page from before a release) gets these, to be asked again next time.
      const { v } = request.query;
      reply.header(
        'Cache-Control',
        v === undefined || v === messagesVersion ? 'public, max-age=86400' : 'no-cache',
      );
      return { [locale]: messages[locale as keyof typeof messages] };
    },
  );
  app.get(
    '/_build/latest.json',
    { schema: { hide: true }, logLevel: 'warn' },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { id: app.services.system.buildId(), timestamp: Date.now() };
    },
  );
};
