// Backups and restore, for admins (decision 045): list, make one (in the background), its status, download,
// upload, restore (typed confirmation, maintenance meanwhile) and delete. Names are checked against the one
// pattern the server gives its files; a client's name never reaches the file system otherwise.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_MAX_UPLOAD_BYTES } from '#server/domain/ops/backups.service.ts';
import { BACKUP_ORIGINS } from '#shared/backups.ts';
import { declareAccess } from './access.ts';
import { errorResponses, HttpError } from './errors.ts';

const backupSchema = z
  .object({
    name: z.string(),
    origin: z.enum(BACKUP_ORIGINS),
    media: z.boolean(),
    size: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'Backup' });

const taskKind = z.enum(['backup', 'restore']);
const statusSchema = z
  .object({
    task: z
      .object({
        kind: taskKind,
        name: z.string(),
        progress: z.number(),
        started_at: z.string(),
      })
      .nullable(),
    last: z
      .object({
        kind: taskKind,
        name: z.string(),
        ok: z.boolean(),
        error: z.string().optional(),
        finished_at: z.string(),
      })
      .nullable(),
    maintenance: z.boolean(),
  })
  .meta({ id: 'BackupStatus' });

const nameParam = z.strictObject({ name: z.string().min(1).max(200) });
const started = z.object({ task: z.object({ kind: taskKind, name: z.string() }) });

export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backups } = app.services;
  declareAccess(app, 'admin');

  const status = () => {
    const { task, last, maintenance } = backups.status();
    return {
      task: task && {
        kind: task.kind,
        name: task.name,
        progress: task.progress,
        started_at: task.startedAt,
      },
      last: last && {
        kind: last.kind,
        name: last.name,
        ok: last.ok,
        ...(last.error ? { error: last.error } : {}),
        finished_at: last.finishedAt,
      },
      maintenance,
    };
  };
  const resource = (backup: Awaited<ReturnType<typeof backups.list>>[number]) => ({
    name: backup.name,
    origin: backup.origin,
    media: backup.media,
    size: backup.size,
    created_at: backup.createdAt,
  });

  app.get(
    '/admin/backups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Backups, the task running and the free disk',
        response: {
          200: z.object({
            data: z.array(backupSchema),
            status: statusSchema,
            disk: z.object({ free: z.number(), total: z.number(), low: z.boolean() }),
            keep: z.number(),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ({
      data: (await backups.list()).map(resource),
      status: status(),
      disk: await backups.disk(),
      keep: backups.keep,
    }),
  );

  app.get(
    '/admin/backups/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'The backup or restore running, and how the last one ended',
        description: 'Answers during maintenance too, for the page that follows a restore.',
        response: { 200: statusSchema, ...errorResponses(401, 403) },
      },
      logLevel: 'warn',
    },
    async () => status(),
  );

  app.post(
    '/admin/backups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Back up now (in the background)',
        body: z.strictObject({ media: z.boolean().default(false) }),
        response: { 202: started, ...errorResponses(401, 403, 409, 419, 422) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ task: await backups.create({ media: request.body.media }) }),
  );

  app.post(
    '/admin/backups/upload',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload a backup file',
        description:
          'multipart/form-data with one file field `file`; the file is checked whole before it is kept.',
        response: {
          201: z.object({ backup: backupSchema }),
          ...errorResponses(401, 403, 413, 419, 422),
        },
      },
    },
    async (request, reply) => {
      const invalid = (message: string) =>
        new HttpError(422, 'validation_failed', 'Some fields are not valid.', { file: message });
      if (!request.isMultipart()) throw invalid('Send the backup file as multipart/form-data.');
      const temp = await backups.tempFile();
      try {
        let part;
        try {
          part = await request.file({ limits: { fileSize: BACKUP_MAX_UPLOAD_BYTES, files: 1 } });
        } catch {
          throw invalid('The form could not be read: send it as multipart/form-data.');
        }
        if (!part || part.fieldname !== 'file') throw invalid('Send the backup file as `file`.');
        await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' })).catch(() => {
          throw invalid('The upload was cut short: send the whole file again.');
        });
        if (part.file.truncated)
          throw new HttpError(413, 'too_large', 'The file is larger than a backup may be.');
        const backup = await backups.adopt(temp);
        return reply.status(201).send({ backup: resource(backup) });
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
  );

  app.get(
    '/admin/backups/:name/download',
    {
      schema: {
        tags: ['admin'],
        summary: 'Download a backup file',
        params: nameParam,
        response: {
          200: z.any().describe('The backup file (application/gzip).'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { stream, size } = await backups.open(request.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/admin/backups/:name/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Restore a backup (the site is in maintenance meanwhile)',
        description:
          "`confirm` is the site's name, typed. The file is read whole first: a damaged or foreign one is refused and nothing changes.",
        params: nameParam,
        body: z.strictObject({ confirm: z.string().max(200) }),
        response: { 202: started, ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ task: await backups.restore(request.params.name, request.body.confirm) }),
  );

  app.delete(
    '/admin/backups/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a backup file',
        params: nameParam,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409, 419) },
      },
    },
    async (request, reply) => {
      await backups.remove(request.params.name);
      return reply.status(204).send(null);
    },
  );
};
