// The Home Page Manager's API (`/vnwa/appearance/home-page`, decision 049): read the ordered sections (the
// built-in defaults while none are stored) and replace the whole list at once. Under `/api/admin/`, so a save
// clears the public reads on every node and visitors see the new home page on their next request.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_HOME_SECTIONS, homeSectionInput } from '#server/domain/site/home-section.schema.ts';
import { declareAccess } from './access.ts';
import { errorResponses } from './errors.ts';

const sectionsAnswer = z.object({
  sections: z.array(homeSectionInput),
  /** False: nothing is stored and `sections` are the built-in defaults the home page shows. */
  customised: z.boolean(),
});

export const homeSectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { home } = app.services;
  declareAccess(app, 'admin');

  const answer = () => home.editableSections();

  app.get(
    '/admin/home-sections',
    {
      schema: {
        tags: ['admin'],
        summary: 'Home page sections: read',
        description:
          'The sections of the home page in order. While none are stored, the built-in defaults the home page ' +
          'shows, with `customised: false`.',
        response: { 200: sectionsAnswer, ...errorResponses(401, 403) },
      },
    },
    answer,
  );

  app.put(
    '/admin/home-sections',
    {
      schema: {
        tags: ['admin'],
        summary: 'Home page sections: replace',
        description:
          'Replaces every section with `sections`, in that order. Hand-picked ids must be movies (422 names ' +
          '`sections.N.settings.movie_ids.M`). An empty list goes back to the built-in defaults. The home page ' +
          'follows on its next request, on every node.',
        body: z.strictObject({ sections: z.array(homeSectionInput).max(MAX_HOME_SECTIONS) }),
        response: { 200: sectionsAnswer, ...errorResponses(401, 403, 419, 422) },
      },
    },
    async (request) => {
      await home.saveSections(request.body.sections);
      return answer();
    },
  );
};
