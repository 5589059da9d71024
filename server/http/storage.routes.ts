// /storage/*: files of the local storage driver with Range, ETag, Last-Modified and the right content types,
// answered from a bounded in-memory cache when small and hot (HLS segments, playlists, sprites). Never outside
// the root: no `..`, no dotfiles, no symlink that leads out. Videos in the trash are not under the root at all.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createFileCache, type CachedFile, type FileCache } from '#server/media/file-cache.ts';
import {
  CONTENT_TYPES,
  cacheControlFor,
  keyOfStoragePath,
  type MediaStorage,
} from '#server/media/storage.ts';
import { errorBody } from './errors.ts';

export { CONTENT_TYPES };

/** A cached file is checked against the disk again after this long (another node may have moved it). */
const REVALIDATE_MS = 5000;

const etagOf = (stat: { size: number; mtimeMs: number }) =>
  `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

/** One `bytes=a-b` range (the only kind players send); null for none, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid' as const;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'invalid' as const;
  return { start, end };
}

export const storageRoutes: FastifyPluginAsync<{
  root: string;
  cache?: FileCache;
  /** With the S3 driver, /storage/ only redirects to the bucket or CDN (decision 055). */
  storage?: MediaStorage;
}> = async (app, options) => {
  const bucket = options.storage?.driver === 's3' ? options.storage : null;
  if (bucket) {
    // Paths kept in the database (posters, avatars, pictures picked in Local Files) still start with /storage/:
    // each answers a redirect to the public URL, which the browser caches for an hour. Nothing is read here.
    app.get('/*', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      let key: string | null;
      try {
        key = keyOfStoragePath(decodeURIComponent(request.url.split('?')[0] ?? ''));
      } catch {
        key = null;
      }
      if (!key) return reply.status(404).send(errorBody('not_found', `No file at ${request.url}`));
      return reply
        .header('cache-control', 'public, max-age=3600')
        .redirect(bucket.publicUrl(key), 302);
    });
    return;
  }
  fs.mkdirSync(options.root, { recursive: true });
  const root = fs.realpathSync(options.root);
  const cache =
    options.cache ?? createFileCache({ maxBytes: 64 * 1024 * 1024, maxFileBytes: 4 * 1024 * 1024 });
  const notFound = (reply: FastifyReply, url: string) =>
    reply.status(404).send(errorBody('not_found', `No file at ${url}`));

  /** The relative path asked for, or null when it tries to leave the root or reach a dotfile. */
  function relativePath(request: FastifyRequest) {
    let wanted: string;
    try {
      wanted = decodeURIComponent((request.url.split('?')[0] ?? '').replace(/^\/storage\/?/, ''));
    } catch {
      return null;
    }
    if (!wanted || wanted.includes('\0') || wanted.includes('\\')) return null;
    const parts = wanted.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.startsWith('.')))
      return null;
    return parts.join('/');
  }

  /** A file's validators, with its bytes when small enough to keep in memory, else its path to stream. */
  type Found = { size: number; mtimeMs: number; etag: string } & (
    { body: Buffer; absolute?: undefined } | { body?: undefined; absolute: string }
  );

  async function lookup(relative: string): Promise<Found | null> {
    const now = Date.now();
    // Only video output is kept in memory: it never changes in place, and trash and delete evict it.
    const cacheable = relative.startsWith('videos/');
    const hit: CachedFile | undefined = cacheable ? cache.get(relative) : undefined;
    if (hit && now - hit.checkedAt < REVALIDATE_MS) return hit;
    const absolute = path.join(root, relative);
    let stat: fs.Stats;
    try {
      const real = await fsp.realpath(absolute);
      if (!real.startsWith(root + path.sep)) return null;
      stat = await fsp.stat(real);
    } catch {
      cache.delete(relative);
      return null;
    }
    if (!stat.isFile()) return null;
    if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) {
      hit.checkedAt = now;
      return hit;
    }
    const etag = etagOf(stat);
    if (cacheable && stat.size <= cache.maxFileBytes) {
      const body = await fsp.readFile(absolute);
      const file = { body, size: body.length, mtimeMs: stat.mtimeMs, etag, checkedAt: now };
      cache.set(relative, file);
      return file;
    }
    return { absolute, size: stat.size, mtimeMs: stat.mtimeMs, etag };
  }

  // Segments are most of a streaming site's requests (a viewer asks for one every 4 s): logging each at info
  // cost more than serving it from memory (627 against 401 µs of CPU a segment in the storage bench) and drowns
  // the log. Warnings and errors are still logged; access logs belong to the proxy or CDN in front.
  app.get('/*', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const relative = relativePath(request);
    if (!relative) return notFound(reply, request.url);
    const found = await lookup(relative);
    if (!found) return notFound(reply, request.url);
    const { size, mtimeMs, etag } = found;
    const lastModified = new Date(Math.floor(mtimeMs / 1000) * 1000);
    reply.header(
      'content-type',
      CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
    );
    reply.header('cache-control', cacheControlFor(relative));
    reply.header('etag', etag);
    reply.header('last-modified', lastModified.toUTCString());
    reply.header('accept-ranges', 'bytes');

    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified = ifNoneMatch
      ? ifNoneMatch
          .split(',')
          .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
      : ifModifiedSince
        ? Date.parse(ifModifiedSince) >= lastModified.getTime()
        : false;
    if (notModified) return reply.status(304).send();

    // If-Range with another validator: the file changed, so send all of it.
    const ifRange = String(request.headers['if-range'] ?? '');
    const rangeAllowed =
      !ifRange || ifRange === etag || Date.parse(ifRange) >= lastModified.getTime();
    const range = rangeAllowed ? parseRange(request.headers.range, size) : null;
    if (range === 'invalid') {
      reply.header('content-range', `bytes */${size}`);
      return reply
        .type('application/json; charset=utf-8')
        .status(416)
        .send(errorBody('range_not_satisfiable', 'That range is not in the file.'));
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    if (range) {
      reply.status(206);
      reply.header('content-range', `bytes ${start}-${end}/${size}`);
    }
    reply.header('content-length', String(end - start + 1));
    if (found.body) return reply.send(range ? found.body.subarray(start, end + 1) : found.body);
    return reply.send(
      fs.createReadStream(found.absolute, { start, end, highWaterMark: 1024 * 1024 }),
    );
  });
};
