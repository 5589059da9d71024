// Resumable video uploads (the tus protocol, admins only) at /api/admin/videos/uploads. Before the first byte the
// declared Upload-Length is checked against VIDEO_MAX_UPLOAD_BYTES (413) and the free disk space (507); a
// `videos` row is made at creation (its id in the `Phim-Video-Id` header); when the last byte arrives ffprobe
// decides, and a file that is not a video is refused (422, naming it and why) and removed.
import crypto from 'node:crypto';
import type http from 'node:http';
import { EVENTS, Server as TusServer } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotAVideoError } from '#server/media/ffprobe.ts';
import { declareAccess } from './access.ts';
import { DomainError } from '#server/domain/errors.ts';
import { DOMAIN_ERROR_STATUS, errorBody, HttpError } from './errors.ts';
import { unstorableText } from './validation.ts';

export const UPLOADS_PATH = '/api/admin/videos/uploads';

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined) {
  const values: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    values[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return values;
}

/** The Node request behind tus's web Request (srvx keeps it as `runtime.node.req`). */
const nodeRequestOf = (request: unknown) =>
  (request as { runtime?: { node?: { req?: http.IncomingMessage } } }).runtime?.node?.req;

export const videoUploadsRoutes: FastifyPluginAsync = async (app) => {
  const { uploads, uploadStore, videos, config } = app.services;
  const secure = config.publicUrl.startsWith('https:');
  /** The video row made for a creation request, until tus names the upload. */
  const created = new WeakMap<http.IncomingMessage, number>();

  const tusError = (status: number, code: string, message: string) => ({
    status_code: status,
    body: JSON.stringify(errorBody(code, message)),
  });

  const tus = new TusServer({
    path: UPLOADS_PATH,
    // DATA_DIR/uploads, or S3 multipart uploads under `uploads/` in the bucket (decision 055).
    datastore: uploadStore.datastore,
    relativeLocation: true,
    maxSize: uploads.maxBytes,
    // Finished uploads become videos; a client must not delete their original through tus.
    disableTerminationForFinishedUploads: true,
    // Only ids this server made ({videoId}-{24 hex}) name a file in the uploads folder.
    getFileIdFromRequest: (_request, id) =>
      id && /^\d{1,16}-[a-f0-9]{24}$/.test(id) ? id : undefined,
    namingFunction: (request) => {
      const videoId = created.get(nodeRequestOf(request)!);
      if (!videoId) throw tusError(500, 'internal_error', 'Upload has no video.');
      return `${videoId}-${crypto.randomBytes(12).toString('hex')}`;
    },
    onUploadCreate: async (request, upload) => {
      const videoId = created.get(nodeRequestOf(request)!);
      if (videoId) await uploads.attach(videoId, upload.id);
      return {};
    },
    onUploadFinish: async (_request, upload) => {
      try {
        const videoId = await uploads.finish(upload.id);
        return { headers: { 'Phim-Video-Id': String(videoId) } };
      } catch (error) {
        if (error instanceof NotAVideoError) throw tusError(422, 'not_a_video', error.reason);
        if (error instanceof DomainError)
          throw tusError(DOMAIN_ERROR_STATUS[error.kind], error.code, error.message);
        app.log.error({ err: error }, 'upload could not be finished');
        throw tusError(500, 'internal_error', 'Something went wrong on our side.');
      }
    },
  });
  // An upload abandoned by its client (tus termination) takes its row with it.
  tus.on(EVENTS.POST_TERMINATE, (_request: unknown, _response: unknown, id: string) => {
    void videos.forgetUpload(id).catch((error: unknown) => app.log.error({ err: error }));
  });

  // tus reads the body itself, from the raw request.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  declareAccess(app, 'admin');

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // The file store cannot join parts: tus itself would answer 501, a server error for a client's request.
    if (request.headers['upload-concat'] !== undefined) {
      throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
        'Upload-Concat': 'Parallel uploads (tus concatenation) are not supported: send one upload.',
      });
    }
    if (request.method === 'POST') {
      const header = request.headers['upload-length'];
      if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) {
        throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
          'Upload-Length': 'Declare the size of the file in Upload-Length.',
        });
      }
      const size = Number(header);
      await uploads.checkSpace(size);
      const filename = parseUploadMetadata(
        request.headers['upload-metadata'] as string | undefined,
      ).filename?.trim();
      if (!filename) {
        throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
          filename: 'Send the file name in Upload-Metadata (filename).',
        });
      }
      // It becomes the video's name and original_filename: the same rule as text in any request body.
      const unstorable = unstorableText(filename);
      if (unstorable)
        throw new HttpError(422, 'validation_failed', 'Some fields are not valid.', {
          filename: unstorable,
        });
      const videoId = await uploads.begin({ filename, size });
      created.set(request.raw, videoId);
      reply.raw.setHeader('Phim-Video-Id', String(videoId));
    }
    // Hijacked responses skip Fastify's hooks: the headers they would add are set here.
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.raw.setHeader('Cache-Control', 'no-store');
    if (secure)
      reply.raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.route({
    method: 'POST',
    url: '/admin/videos/uploads',
    schema: {
      tags: ['admin'],
      summary: 'Start a resumable video upload (tus 1.0)',
      description:
        "The tus protocol (https://tus.io), for `tus-js-client` or Uppy: send `Tus-Resumable: 1.0.0`, `Upload-Length` and `Upload-Metadata` with `filename`. Answers 201 with `Location` (the upload's address for `HEAD`/`PATCH`/`DELETE`) and `Phim-Video-Id`. Refused before the first byte with 413 above VIDEO_MAX_UPLOAD_BYTES and 507 when the disk lacks the space. The `PATCH` that completes the upload answers 422 `not_a_video` when ffprobe finds no video in it (its bytes are removed and the video is marked failed with the reason); otherwise the video is queued for transcoding. Cookie mode needs `X-XSRF-TOKEN` on `POST`, `PATCH` and `DELETE`, as every unsafe request.",
    },
    handler: handle,
  });
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/admin/videos/uploads/:uploadId',
    schema: { hide: true },
    handler: handle,
  });
};
