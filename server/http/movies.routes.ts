// The movie manager's API (admins only): list with search, filters and sort; create, edit, delete; bulk actions;
// and image uploads for posters and backdrops (taken in by server/media/image-intake.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moviesQuery } from '#shared/admin-queries.ts';
import { pageSchema } from '#shared/list-query.ts';
import { MOVIE_STATUSES } from '#shared/catalog.ts';
import { acceptImage, IMAGE_RECIPES, RejectedImageError } from '#server/media/image-intake.ts';
import { saveStoredImage } from '#server/media/image-store.ts';
import { declareAccess } from './access.ts';
import { HttpError, errorResponses, idParam, rowId } from './errors.ts';
import { readForm } from './method-override.ts';
import { rowSteps } from './row-steps.ts';
import { trimmed } from './validation.ts';

export const IMAGE_UPLOAD_MAX_BYTES = IMAGE_RECIPES.poster.maxBytes;
const text = (max: number) => trimmed(z.string().max(max));
const storagePath = z
  .string()
  .max(500)
  .regex(/^\/storage\/(?!.*\.\.)[\w./-]+$/, 'Use an image uploaded to this site (/storage/…).');
const httpUrl = z.url({ protocol: /^https?$/, message: 'Use an http(s) address.' }).max(2000);
const names = z.array(trimmed(z.string().min(1).max(120))).max(50);

export const movieBody = z.strictObject({
  title: trimmed(z.string().min(1, 'Enter a title.').max(255)),
  original_title: text(255).optional(),
  slug: text(255).optional(),
  description: z.string().max(20_000).optional(),
  poster: storagePath.nullable().optional(),
  backdrop: storagePath.nullable().optional(),
  trailer_url: httpUrl.nullable().optional(),
  type_id: rowId.nullable().optional(),
  genre_ids: z.array(rowId).max(30).optional(),
  nation_ids: z.array(rowId).max(30).optional(),
  status: z.enum(MOVIE_STATUSES).optional(),
  quality: text(20).optional(),
  languages: z
    .array(trimmed(z.string().min(1).max(40)))
    .max(10)
    .optional(),
  year: z.number().int().min(1888).max(2100).nullable().optional(),
  episode_runtime: z.number().int().min(1).max(1000).nullable().optional(),
  current_episode: text(60).optional(),
  total_episodes: z.number().int().min(1).max(10_000).nullable().optional(),
  actors: names.optional(),
  directors: names.optional(),
  featured: z.boolean().optional(),
  recommended: z.boolean().optional(),
  published: z.boolean().optional(),
  published_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

const termRef = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export const movieSchema = z
  .object({
    id: z.number(),
    slug: z.string(),
    title: z.string(),
    original_title: z.string(),
    description: z.string(),
    poster: z.string().nullable(),
    backdrop: z.string().nullable(),
    trailer_url: z.string().nullable(),
    type: termRef.nullable(),
    genres: z.array(termRef),
    nations: z.array(termRef),
    status: z.enum(MOVIE_STATUSES),
    quality: z.string(),
    languages: z.array(z.string()),
    year: z.number().nullable(),
    episode_runtime: z.number().nullable(),
    current_episode: z.string(),
    total_episodes: z.number().nullable(),
    actors: z.array(z.string()),
    directors: z.array(z.string()),
    featured: z.boolean(),
    recommended: z.boolean(),
    published: z.boolean(),
    published_at: z.string().nullable(),
    views: z.object({ total: z.number(), day: z.number(), week: z.number(), month: z.number() }),
    rating: z.object({ average: z.number(), count: z.number() }),
    episodes_count: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Movie' });

const errors = errorResponses(401, 403, 404, 409, 419, 422);
const idParams = z.strictObject({ id: idParam });
/** The movies a bulk action applies to. */
const bulkIds = z.array(rowId).min(1).max(500);
const movieOut = z.object({ movie: movieSchema });
const trashedMovieSchema = movieSchema
  .extend({
    deleted_at: z.string(),
    /** When the hourly purge deletes it for good (TRASH_RETENTION_DAYS after `deleted_at`). */
    purge_at: z.string(),
  })
  .meta({ id: 'TrashedMovie' });

export const moviesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { movies } = app.services;
  declareAccess(app, 'admin');
  const movieStep = rowSteps(app, { params: idParams, answer: movieOut, errors });

  app.get(
    '/admin/movies',
    {
      schema: {
        tags: ['admin'],
        summary: 'List movies',
        description:
          'Search ignores diacritics and tolerates a typo; filters and sort as in the query.',
        querystring: moviesQuery.api,
        response: { 200: pageSchema(movieSchema), ...errors },
      },
    },
    async (request) => movies.list(request.query),
  );

  app.post(
    '/admin/movies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a movie',
        description:
          'The slug comes from the title (or the given slug) and stays unique: `-2`, `-3`…',
        body: movieBody,
        response: { 201: movieOut, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ movie: await movies.create(request.body) }),
  );

  movieStep('GET', '/admin/movies/:id', { summary: 'A movie' }, async ({ id }) => ({
    movie: await movies.get(id),
  }));

  app.patch(
    '/admin/movies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a movie',
        description: 'A new slug keeps the old address working with a 301.',
        params: idParams,
        body: movieBody.partial(),
        response: { 200: movieOut, ...errors },
      },
    },
    async (request) => ({ movie: await movies.update(request.params.id, request.body) }),
  );

  app.delete(
    '/admin/movies/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move a movie to the trash',
        description:
          'It leaves the site at once (unpublished) and can be restored, as a draft, until the purge deletes it ' +
          'with its episodes TRASH_RETENTION_DAYS later.',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await movies.remove(request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/movies/trash',
    {
      schema: {
        tags: ['admin'],
        summary: 'List the movies trash',
        querystring: moviesQuery.api,
        response: { 200: pageSchema(trashedMovieSchema), ...errors },
      },
    },
    async (request) => movies.listTrash(request.query),
  );

  app.post(
    '/admin/movies/:id/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Restore a movie from the trash',
        description: 'It comes back as a draft: publish it again to show it on the site.',
        params: idParams,
        response: { 200: movieOut, ...errors },
      },
    },
    async (request) => ({ movie: await movies.restore(request.params.id) }),
  );

  app.delete(
    '/admin/movies/trash/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a movie of the trash for good',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await movies.destroy(request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/admin/movies/trash',
    {
      schema: {
        tags: ['admin'],
        summary: 'Empty the movies trash',
        response: { 200: z.object({ affected: z.number() }), ...errors },
      },
    },
    async () => movies.emptyTrash(),
  );

  app.post(
    '/admin/movies/bulk',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Publish, unpublish, set the type, add a genre or move to the trash several movies',
        body: z.discriminatedUnion('action', [
          z.strictObject({
            action: z.enum(['publish', 'unpublish', 'delete']),
            ids: bulkIds,
          }),
          z.strictObject({
            action: z.literal('set_type'),
            ids: bulkIds,
            type_id: rowId,
          }),
          z.strictObject({
            action: z.literal('add_genre'),
            ids: bulkIds,
            genre_id: rowId,
          }),
        ]),
        response: { 200: z.object({ affected: z.number() }), ...errors },
      },
    },
    async (request) => movies.bulk(request.body),
  );

  app.post(
    '/admin/uploads/image',
    {
      config: { form: { files: ['image'], fileSize: IMAGE_UPLOAD_MAX_BYTES } },
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (poster, backdrop)',
        description:
          'multipart/form-data with one `image` file (JPEG, PNG, WebP or GIF by its content, 10 MB at most) and an optional `purpose` (`poster`, the default, or `backdrop`). Answers its `/storage/…` path, stored as WebP at most 1920 px wide.',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ path: z.string(), width: z.number(), height: z.number() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const invalid = (message: string, field = 'image') =>
        new HttpError(422, 'validation_failed', 'Some fields are not valid.', { [field]: message });
      const form = await readForm(request);
      const file = form.files.image?.data;
      const purpose = form.fields.purpose ?? 'poster';
      if (purpose !== 'poster' && purpose !== 'backdrop')
        throw invalid('Choose poster or backdrop.', 'purpose');
      if (!file?.length) throw invalid('Choose an image.');
      const image = await acceptImage(file, purpose).catch((error: unknown) => {
        if (error instanceof RejectedImageError) throw invalid(error.message);
        throw error;
      });
      // A disk error while writing stays a server error: the file itself was good.
      return reply.status(201).send(await saveStoredImage(app.services.storage, image));
    },
  );
};
