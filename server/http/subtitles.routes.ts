// Subtitles of an episode (admins only): list, upload a .vtt or .srt (stored as WebVTT), delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareAccess } from './access.ts';
import { HttpError, errorResponses, idParam } from './errors.ts';
import { readForm } from './method-override.ts';
import { checkStorableText } from './validation.ts';

export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
const episodeParams = z.strictObject({ movieId: idParam, id: idParam });
const subtitleParams = episodeParams.extend({ subtitleId: idParam });
const FIELDS = ['language', 'label'];
const fieldsSchema = z
  .strictObject({
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language code such as vi or en.'),
    label: z.string().trim().min(1, 'Enter a label.').max(40),
  })
  // Parsed here, not by the route's validator: the same rule for text as every other input.
  .superRefine(checkStorableText);
const subtitleSchema = z
  .object({
    id: z.number(),
    episode_id: z.number(),
    language: z.string(),
    label: z.string(),
    url: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Subtitle' });
const errors = errorResponses(401, 403, 404, 419, 422);

export const subtitlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subtitles } = app.services;
  declareAccess(app, 'admin');
  const base = '/admin/movies/:movieId/episodes/:id/subtitles';

  app.get(
    base,
    {
      schema: {
        tags: ['admin'],
        summary: 'An episode’s subtitles',
        params: episodeParams,
        response: { 200: z.object({ data: z.array(subtitleSchema) }), ...errors },
      },
    },
    async (request) => ({
      data: await subtitles.list(request.params.movieId, request.params.id),
    }),
  );

  app.post(
    base,
    {
      config: {
        form: { files: ['file'], fileSize: SUBTITLE_MAX_BYTES, fields: 4, fieldSize: 1000 },
      },
      schema: {
        tags: ['admin'],
        summary: 'Add a subtitle',
        description:
          'multipart/form-data with `language` (such as `vi`), `label` and one `file` (.vtt or .srt, 2 MB at most; SRT is converted to WebVTT, old Vietnamese encodings to UTF-8).',
        consumes: ['multipart/form-data'],
        params: episodeParams,
        response: { 201: z.object({ subtitle: subtitleSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const invalid = (fields: Record<string, string>) =>
        new HttpError(422, 'validation_failed', 'Some fields are not valid.', fields);
      const form = await readForm(request);
      const unknown = Object.keys(form.fields).find((name) => !FIELDS.includes(name));
      if (unknown) throw invalid({ [unknown]: 'Unknown field.' });
      const parsed = fieldsSchema.safeParse(form.fields);
      const file = form.files.file;
      const fields: Record<string, string> = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      if (!file?.data.length) fields.file = 'Choose a .vtt or .srt file.';
      if (Object.keys(fields).length || !parsed.success || !file) throw invalid(fields);
      const subtitle = await subtitles.add(request.params.movieId, request.params.id, {
        ...parsed.data,
        fileName: file.filename,
        data: file.data,
      });
      return reply.status(201).send({ subtitle });
    },
  );

  app.delete(
    `${base}/:subtitleId`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a subtitle',
        params: subtitleParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { movieId, id, subtitleId } = request.params;
      await subtitles.remove(movieId, id, subtitleId);
      return { ok: true as const };
    },
  );
};
