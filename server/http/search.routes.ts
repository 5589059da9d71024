// Public search API: instant suggestions for the header's search box (published movies only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_QUERY_MAX } from '#shared/search.ts';
import { suggestionSchema } from '#shared/resources/search.ts';
import { SUGGEST_LIMIT } from '#server/domain/catalog/search.service.ts';
import { errorSchema } from './errors.ts';

/** Suggestions change only when an admin edits the catalogue: a browser or proxy may reuse them briefly. */
export const SUGGEST_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.get(
    '/search/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Search suggestions',
        description: `Up to ${SUGGEST_LIMIT} published movies whose title or original title matches \`q\`: diacritics optional (\`nguoi nhen\` finds \`Người Nhện\`), partial words, one typo. Whole-title and prefix matches come first, then the closest titles. Cacheable for a minute.`,
        querystring: z.strictObject({
          q: z.string().trim().min(1, 'Type something to search for.').max(SEARCH_QUERY_MAX),
          limit: z.coerce.number().int().min(1).max(SUGGEST_LIMIT).optional(),
        }),
        response: {
          200: z.object({ data: z.array(suggestionSchema) }),
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await search.suggest(request.query.q, request.query.limit);
      void reply.header('cache-control', SUGGEST_CACHE_CONTROL);
      return { data };
    },
  );
};
