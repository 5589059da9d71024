// Settings admins edit, one route pair per key (Web Info, Site Assets, navigation, the Movies Page Manager;
// decision 046): the whole value is read and replaced at once, validated by the key's schema, and every node
// follows on its next request. The public site assets map (spec §7) is here too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS, SETTING_KEYS, type Settings } from '#server/domain/site/settings.schema.ts';
import { checkNavigationTerms } from '#server/domain/site/navigation.ts';
import { siteAssetsSchema } from '#server/domain/site/site-assets.schema.ts';
import { errorResponses } from './errors.ts';

const TITLES: Record<(typeof SETTING_KEYS)[number], string> = {
  web_info: 'Web Info',
  site_assets: 'Site Assets',
  navigation: 'Navigation links',
  movies_page: 'Movies page',
};

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;

  for (const key of SETTING_KEYS) {
    const schema = SETTINGS[key];
    app.get(
      `/admin/settings/${key}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['settings'],
          summary: `${TITLES[key]}: read`,
          response: { 200: schema, ...errorResponses(401, 403) },
        },
      },
      async () => settings.get(key),
    );
    app.put(
      `/admin/settings/${key}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['settings'],
          summary: `${TITLES[key]}: replace`,
          description:
            'Replaces the whole value; missing optional fields take their defaults. Every node uses it from ' +
            'its next request.',
          body: schema,
          response: { 200: schema, ...errorResponses(401, 403, 419, 422) },
        },
      },
      async (request) => {
        // A menu's term must exist (the schema alone cannot say); one deleted later is skipped when shown.
        if (key === 'navigation')
          await checkNavigationTerms(app.services.terms, request.body as Settings['navigation']);
        const change = await settings.set(key, request.body, request.currentUser!.id);
        request.auditChange = change;
        return change.after;
      },
    );
  }

  app.get(
    '/load-data-site-assets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Site assets: HTML snippets by placement',
        description:
          'Loaded by the client at start-up outside the back office (spec §7). `head` goes into the document ' +
          'head and every other key into the body; only script, style and link elements are injected.',
        response: { 200: siteAssetsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.get('site_assets');
    },
  );
};
