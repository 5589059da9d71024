// The episode manager's API (admins only): servers of a movie, and their episodes, one or many at a time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EPISODE_SOURCES } from '#server/db/schema/index.ts';
import { LOCAL_HLS_PATH } from '#server/domain/catalog/episodes.service.ts';
import { declareAccess } from './access.ts';
import { errorResponses, idParam, rowId } from './errors.ts';
import { trimmed } from './validation.ts';

const seconds = z.number().int().min(0).max(86_400).nullable().optional();
const movieParams = z.strictObject({ movieId: idParam });
const serverParams = movieParams.extend({ serverId: idParam });
const episodeParams = movieParams.extend({ id: idParam });

const episodeSchema = z
  .object({
    id: z.number(),
    movie_id: z.number(),
    server_id: z.number(),
    name: z.string(),
    ep: z.string(),
    order: z.number(),
    source_type: z.enum(EPISODE_SOURCES),
    source_url: z.string().nullable(),
    video_id: z.number().nullable(),
    runtime: z.number().nullable(),
    intro_start: z.number().nullable(),
    intro_end: z.number().nullable(),
    outro_start: z.number().nullable(),
    published: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Episode' });
const episodeWithVideo = episodeSchema
  .extend({
    video: z
      .object({
        id: z.number(),
        name: z.string(),
        duration: z.number().nullable(),
        playable: z.boolean().describe('ready and not in the trash'),
      })
      .nullable()
      .describe('The video a `video` episode plays'),
  })
  .meta({ id: 'EpisodeWithVideo' });
const serverSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    order: z.number(),
    episodes: z.array(episodeWithVideo),
  })
  .meta({ id: 'MovieServer' });

const episodeBody = z.strictObject({
  server_id: z.number().int().positive(),
  name: trimmed(z.string().min(1, 'Enter a name.').max(100)),
  ep: trimmed(z.string().max(100)).optional(),
  source_type: z
    .enum(EPISODE_SOURCES)
    .describe(
      '`video` plays `video_id` from the video manager; `hls` and `embed` play `source_url`',
    ),
  // A full http(s) address, or a playlist in this site's storage (HLS only: the service checks the type).
  source_url: z
    .union(
      [
        z.url({ protocol: /^https?$/ }).max(2000),
        z
          .string()
          .max(2000)
          .regex(LOCAL_HLS_PATH)
          .describe('An HLS playlist in this site’s storage'),
      ],
      { error: 'Use an http(s) address, or a /storage/….m3u8 playlist of this site.' },
    )
    .nullable()
    .optional()
    .describe('Required for `hls` and `embed`; ignored (stored as null) for `video`'),
  video_id: rowId
    .nullable()
    .optional()
    .describe('For `video`: a ready video of the video manager that is not in the trash'),
  runtime: seconds,
  intro_start: seconds,
  intro_end: seconds,
  outro_start: seconds,
  published: z.boolean().optional(),
});
const serverName = z.strictObject({
  name: trimmed(z.string().min(1, 'Enter a name.').max(60)),
});
const errors = errorResponses(401, 403, 404, 419, 422);
const ok = z.object({ ok: z.literal(true) });

export const episodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { episodes } = app.services;
  declareAccess(app, 'admin');
  const base = '/admin/movies/:movieId';

  app.get(
    `${base}/episodes`,
    {
      schema: {
        tags: ['admin'],
        summary: 'A movie’s servers and their episodes',
        params: movieParams,
        response: {
          200: z.object({
            movie: z.object({
              id: z.number(),
              title: z.string(),
              slug: z.string(),
              published: z.boolean(),
            }),
            servers: z.array(serverSchema),
          }),
          ...errors,
        },
      },
    },
    async (request) => episodes.overview(request.params.movieId),
  );

  app.post(
    `${base}/servers`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a server',
        params: movieParams,
        body: serverName,
        response: { 201: z.object({ server: serverSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ server: await episodes.createServer(request.params.movieId, request.body.name) }),
  );

  app.patch(
    `${base}/servers/:serverId`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a server',
        params: serverParams,
        body: serverName,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await episodes.renameServer(
        request.params.movieId,
        request.params.serverId,
        request.body.name,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    `${base}/servers/:serverId`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a server and its episodes',
        params: serverParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await episodes.deleteServer(request.params.movieId, request.params.serverId);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/episodes`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add an episode',
        params: movieParams,
        body: episodeBody,
        response: { 201: z.object({ episode: episodeSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ episode: await episodes.create(request.params.movieId, request.body) }),
  );

  app.post(
    `${base}/servers/:serverId/episodes/bulk`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add many episodes from pasted `name|url` lines',
        description:
          'URLs ending in .m3u8 become HLS sources, others embeds. A bad line is named by its number.',
        params: serverParams,
        body: z.strictObject({ lines: z.string().min(1).max(200_000) }),
        response: { 201: z.object({ episodes: z.array(episodeSchema) }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        episodes: await episodes.createMany(
          request.params.movieId,
          request.params.serverId,
          request.body.lines,
        ),
      }),
  );

  app.put(
    `${base}/servers/order`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder a movie’s servers',
        description:
          'The order of the watch page’s server tabs; list every server of the movie once.',
        params: movieParams,
        body: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await episodes.reorderServers(request.params.movieId, request.body.ids);
      return { ok: true as const };
    },
  );

  app.put(
    `${base}/servers/:serverId/order`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder a server’s episodes',
        params: serverParams,
        body: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(5000) }),
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await episodes.reorder(request.params.movieId, request.params.serverId, request.body.ids);
      return { ok: true as const };
    },
  );

  app.patch(
    `${base}/episodes/:id`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit an episode',
        params: episodeParams,
        body: episodeBody.partial(),
        response: { 200: z.object({ episode: episodeSchema }), ...errors },
      },
    },
    async (request) => ({
      episode: await episodes.update(request.params.movieId, request.params.id, request.body),
    }),
  );

  app.delete(
    `${base}/episodes/:id`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an episode',
        params: episodeParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await episodes.remove(request.params.movieId, request.params.id);
      return { ok: true as const };
    },
  );
};
