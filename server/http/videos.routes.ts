// The video manager's API (admins only): list with search, status filter and sort (and the episodes that use each
// video), one video, rename, retry, cancel, move to the trash, the trash list, restore, delete forever, empty.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { videosQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { VIDEO_STATUSES } from '#shared/catalog.ts';
import { declareAccess } from './access.ts';
import { errorResponses, idParam } from './errors.ts';
import { rowSteps } from './row-steps.ts';
import { trimmed } from './validation.ts';

const rendition = z.object({
  name: z.string(),
  width: z.number(),
  height: z.number(),
  bandwidth: z.number(),
  codecs: z.string(),
  playlist: z.string(),
});

export const videoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    status: z.enum(VIDEO_STATUSES),
    progress: z.number().describe('0–100 while transcoding'),
    failure_reason: z.string().nullable(),
    can_retry: z
      .boolean()
      .describe(
        'A failed video whose uploaded original is still here (a refused file is not kept)',
      ),
    original_filename: z.string(),
    size: z.number().describe('bytes of the uploaded original'),
    duration: z.number().nullable().describe('seconds'),
    width: z.number().nullable(),
    height: z.number().nullable(),
    codecs: z.object({ video: z.string().nullable(), audio: z.string().nullable() }).nullable(),
    renditions: z.array(rendition),
    master_url: z.string().nullable().describe('the HLS master playlist, once ready'),
    poster_url: z.string().nullable(),
    storyboard_url: z.string().nullable().describe('WebVTT of seek-preview tiles'),
    upload_id: z.string().nullable(),
    episodes: z
      .array(
        z.object({
          id: z.number(),
          name: z.string(),
          ep: z.string(),
          movie_id: z.number(),
          movie_title: z.string(),
        }),
      )
      .describe('episodes that play this video'),
    deleted_at: z.string().nullable().describe('set while in the trash'),
    purge_at: z.string().nullable().describe('when the trash purge deletes it for good'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Video' });

const listOut = pageSchema(videoSchema);
const errors = errorResponses(401, 403, 404, 409, 419, 422);
const idParams = z.strictObject({ id: idParam });
const videoOut = z.object({ video: videoSchema });

export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videos } = app.services;
  declareAccess(app, 'admin');
  const videoStep = rowSteps(app, { params: idParams, answer: videoOut, errors });

  app.get(
    '/admin/videos',
    {
      schema: {
        tags: ['admin'],
        summary: 'List videos (not in the trash)',
        description:
          'Search by name ignores diacritics; each video lists the episodes that use it.',
        querystring: videosQuery.api,
        response: { 200: listOut, ...errors },
      },
    },
    async (request) => videos.list(request.query),
  );

  app.get(
    '/admin/videos/trash',
    {
      schema: {
        tags: ['admin'],
        summary: 'Videos in the trash',
        description:
          'Each has `purge_at`: the hourly purge deletes it and its files TRASH_RETENTION_DAYS after it was deleted.',
        querystring: videosQuery.api,
        response: { 200: listOut, ...errors },
      },
    },
    async (request) => videos.listTrash(request.query),
  );

  app.delete(
    '/admin/videos/trash',
    {
      schema: {
        tags: ['admin'],
        summary: 'Empty the trash',
        description: 'Deletes every video in the trash for good, with all its files.',
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async () => ({ deleted: await videos.emptyTrash() }),
  );

  videoStep(
    'GET',
    '/admin/videos/:id',
    { summary: 'A video (also one in the trash)' },
    async ({ id }) => ({ video: await videos.get(id) }),
  );

  app.patch(
    '/admin/videos/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a video',
        params: idParams,
        body: z.strictObject({
          name: trimmed(z.string().min(1, 'Enter a name.').max(200)),
        }),
        response: { 200: videoOut, ...errors },
      },
    },
    async (request) => ({ video: await videos.rename(request.params.id, request.body.name) }),
  );

  videoStep(
    'POST',
    '/admin/videos/:id/retry',
    {
      summary: 'Transcode a failed or cancelled video again',
      description: '409 unless the video failed and its original is still there.',
    },
    async ({ id }) => ({ video: await videos.retry(id) }),
  );

  videoStep(
    'POST',
    '/admin/videos/:id/cancel',
    {
      summary: 'Stop a queued or running transcode',
      description:
        'The video becomes `failed` with the reason "Cancelled by an admin."; retry starts it over.',
    },
    async ({ id }) => ({ video: await videos.cancel(id) }),
  );

  app.delete(
    '/admin/videos/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a video to the trash',
        description:
          'Its files stop being served at once (404 under /storage/). A video that episodes play answers 409 `video_in_use` naming them, unless `force=1`; those episodes then have nothing to play until it is restored.',
        params: idParams,
        querystring: z.strictObject({ force: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: videoOut, ...errors },
      },
    },
    async (request) => ({
      video: await videos.trash(
        request.params.id,
        request.query.force === '1' || request.query.force === 'true',
      ),
    }),
  );

  videoStep(
    'POST',
    '/admin/videos/:id/restore',
    { summary: 'Restore a video from the trash' },
    async ({ id }) => ({ video: await videos.restore(id) }),
  );

  app.delete(
    '/admin/videos/trash/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a video in the trash for good',
        description:
          'Removes the original, the HLS output, poster and storyboard; episodes that used it are left without a video.',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await videos.destroy(request.params.id);
      return { ok: true as const };
    },
  );
};
