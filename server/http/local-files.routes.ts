// Local Files, for admins (decision 050): list and search storage's Files and Uploads areas, make folders, upload
// many files at once (streamed, checked by content), rename, move and delete. Paths are storage-relative
// (`files/posters/a.jpg`); the service refuses any that could leave storage, whatever the encoding.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FILE_KINDS,
  FILE_SORTS,
  LOCAL_FILE_MAX_BYTES,
  LOCAL_FILE_MAX_COUNT,
} from '#shared/local-files.ts';
import { declareAccess } from './access.ts';
import { errorResponses, HttpError } from './errors.ts';

const pathField = z.string().max(500).describe('A path inside storage, such as `files/posters`.');

const entrySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    kind: z.enum(FILE_KINDS),
    url: z.string().nullable(),
    size: z.number(),
    modified_at: z.string(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    used: z.boolean(),
  })
  .meta({ id: 'StorageFile' });

const listingSchema = z
  .object({
    path: z.string(),
    writable: z.boolean(),
    entries: z.array(entrySchema),
    search: z.string().nullable(),
    truncated: z.boolean(),
  })
  .meta({ id: 'StorageListing' });

const listQuery = z.strictObject({
  path: pathField.default(''),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(FILE_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  unused: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

const pathsField = z.array(pathField).min(1).max(200);

/** The `files` parts of an upload, streamed one by one; busboy's refusals become 422s. */
async function* fileParts(request: FastifyRequest) {
  const invalid = (message: string) =>
    new HttpError(422, 'validation_failed', 'Some fields are not valid.', { files: message });
  if (!request.isMultipart()) throw invalid('Send the files as multipart/form-data.');
  try {
    for await (const part of request.parts({
      limits: { fileSize: LOCAL_FILE_MAX_BYTES, files: LOCAL_FILE_MAX_COUNT, fields: 5 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      yield { filename: part.filename, file: part.file as Readable & { truncated?: boolean } };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        'too_large',
        `Each file must be ${LOCAL_FILE_MAX_BYTES / 1024 / 1024} MB or smaller.`,
      );
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid(`Send at most ${LOCAL_FILE_MAX_COUNT} files at once.`);
    if ((error as { statusCode?: number }).statusCode) throw error;
    if (error instanceof Error && 'kind' in error) throw error;
    throw invalid('The form could not be read: send it as multipart/form-data.');
  }
}

export const localFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { localFiles } = app.services;
  declareAccess(app, 'admin');
  const tags = ['admin'];

  app.get(
    '/admin/files',
    {
      schema: {
        tags,
        summary: 'List a folder of Local Files, or search below it',
        description:
          'The top (`path` empty) shows the areas: `files` (admins’ uploads) and `uploads` (posters and backdrops, read only). With `q`, every file and folder below `path` whose name holds it. `used` says the database points at the file (or at something inside the folder); `unused=1` leaves used files out.',
        querystring: listQuery,
        response: { 200: listingSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { path, q, ...options } = request.query;
      return q ? localFiles.search(path, q, options) : localFiles.list(path, options);
    },
  );

  app.post(
    '/admin/files/folders',
    {
      schema: {
        tags,
        summary: 'Make a folder in Local Files',
        body: z.strictObject({ path: pathField, name: z.string().trim().min(1).max(120) }),
        response: {
          201: z.object({ folder: entrySchema }),
          ...errorResponses(401, 403, 404, 409, 419, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ folder: await localFiles.makeFolder(request.body.path, request.body.name) }),
  );

  app.post(
    '/admin/files/upload',
    {
      schema: {
        tags,
        summary: 'Upload files to a folder of Local Files',
        description: `multipart/form-data with up to ${LOCAL_FILE_MAX_COUNT} \`files\` parts, ${LOCAL_FILE_MAX_BYTES / 1024 / 1024} MB each, into the folder \`path\` (under \`files\`). Each is checked by its content: images (JPEG, PNG, GIF, WebP, AVIF, ICO), subtitles (WebVTT, SubRip, ASS) and documents (PDF, plain text); SVG, HTML and executables are refused. If one is refused, none is kept. A taken name gets \`-1\`, \`-2\`….`,
        consumes: ['multipart/form-data'],
        querystring: z.strictObject({ path: pathField }),
        response: {
          201: z.object({ files: z.array(entrySchema) }),
          ...errorResponses(401, 403, 404, 413, 419, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ files: await localFiles.upload(request.query.path, fileParts(request)) }),
  );

  app.post(
    '/admin/files/rename',
    {
      schema: {
        tags,
        summary: 'Rename a file or folder of Local Files',
        description:
          'A file keeps its extension. A file the site uses is not renamed (409 `file_in_use`).',
        body: z.strictObject({ path: pathField, name: z.string().trim().min(1).max(120) }),
        response: {
          200: z.object({ entry: entrySchema }),
          ...errorResponses(401, 403, 404, 409, 419, 422),
        },
      },
    },
    async (request) => ({ entry: await localFiles.rename(request.body.path, request.body.name) }),
  );

  app.post(
    '/admin/files/move',
    {
      schema: {
        tags,
        summary: 'Move files and folders of Local Files into another folder',
        description:
          'Nothing moves if one cannot: a name taken there (409 `name_taken`), a file the site uses (409 `file_in_use`).',
        body: z.strictObject({ paths: pathsField, to: pathField }),
        response: {
          200: z.object({ moved: z.number() }),
          ...errorResponses(401, 403, 404, 409, 419, 422),
        },
      },
    },
    async (request) => localFiles.move(request.body.paths, request.body.to),
  );

  app.post(
    '/admin/files/delete',
    {
      schema: {
        tags,
        summary: 'Delete files and folders of Local Files',
        description:
          'A file the site uses (or a folder holding one) is deleted only with `force: true` (else 409 `file_in_use`).',
        body: z.strictObject({ paths: pathsField, force: z.boolean().default(false) }),
        response: {
          200: z.object({ deleted: z.number() }),
          ...errorResponses(401, 403, 404, 409, 419, 422),
        },
      },
    },
    async (request) => localFiles.remove(request.body.paths, request.body.force),
  );
};
