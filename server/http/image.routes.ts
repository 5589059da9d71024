// GET /_img: resized webp copies of the images under /storage/ for <Img>, cached on disk, with bounded sharp work.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadSharp } from '#server/media/sharp.ts';
import { z } from 'zod';
import { IMMUTABLE, type MediaStorage } from '#server/media/storage.ts';
import { errorBody, HttpError } from './errors.ts';

/** The only widths served; `app/components/image.tsx` snaps to the same list (a test keeps them equal). */
export const IMAGE_WIDTHS = [64, 96, 128, 160, 240, 320, 480, 640, 960, 1280, 1920] as const;
/** Spec section 3: the blurred placeholder. */
export const PLACEHOLDER = { width: 10, quality: 50, sigma: 3 } as const;
export const DEFAULT_QUALITY = 75;

const EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif']);
const INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
/** Part of every cache key and ETag: change it when the output of the same request would change. */
const recipe = async () => `webp-1:sharp-${(await loadSharp()).versions.sharp}`;
const REVALIDATE = 'public, max-age=3600';

export type ImageRoutesOptions = {
  /** The local storage driver's folder, served at /storage/. */
  storageRoot: string;
  /** Where finished images are kept, e.g. `${dataDir}/cache/img`. */
  cacheDir: string;
  /** With the S3 driver, sources are read from the bucket under `storage/` (decision 055). */
  storage?: MediaStorage;
  /** sharp jobs at once (each holds a libuv thread); default 2. */
  concurrency?: number;
  /** Jobs allowed to wait; beyond that the answer is 503. Default 256. */
  maxQueue?: number;
  /** Largest source accepted, in pixels; default 50 megapixels. */
  maxPixels?: number;
};

const digits = (max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`), 'must be a number');

const querySchema = z
  .object({
    src: z
      .string()
      .max(1024)
      .refine((src) => src.startsWith('/storage/'), 'must be a path under /storage/'),
    w: digits(4)
      .transform(Number)
      .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
        message: `must be one of ${IMAGE_WIDTHS.join(', ')}`,
      })
      .optional(),
    q: digits(3)
      .transform(Number)
      .refine((q) => q >= 30 && q <= 90, 'must be between 30 and 90')
      .optional(),
    blur: z
      .enum(['1', 'true', '0', 'false'])
      .optional()
      .transform((value) => value === '1' || value === 'true'),
    v: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.blur && query.w === undefined) {
      ctx.addIssue({ code: 'custom', path: ['w'], message: 'is required' });
    }
  });

/** The source: a local file, or the bytes of an object read from the bucket (S3 driver). */
type Job = {
  file: string | (() => Promise<Buffer>);
  width: number;
  quality: number;
  blur: boolean;
};

/**
 * Resolves `/storage/...` to a file the way /storage/ itself does: URL-decoded once, no `..`, NUL, backslash
 * or dotfile segment, and still inside the root. Null when the path is refused.
 */
export function resolveStoragePath(root: string, src: string): string | null {
  if (!src.startsWith('/storage/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(src.slice('/storage'.length));
  } catch {
    return null;
  }
  if (decoded.includes('..') || decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Runs at most `limit` tasks at once; refuses new ones when `maxQueue` are already waiting. */
export function createLimiter(limit: number, maxQueue: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) {
      if (waiting.length >= maxQueue) {
        throw Object.assign(new HttpError(503, 'busy', 'Too many images are being made; retry.'), {
          retryAfter: 2,
        });
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

async function render(job: Job, maxPixels: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const source = typeof job.file === 'string' ? job.file : await job.file();
  const image = sharp(source, { limitInputPixels: maxPixels, autoOrient: true, failOn: 'error' });
  image.timeout({ seconds: 30 });
  const meta = await image.metadata();
  if (!meta.format || !INPUT_FORMATS.has(meta.format)) {
    throw new HttpError(422, 'unsupported_image', 'The source is not a supported image.');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxPixels) {
    throw new HttpError(422, 'image_too_large', 'The source image is too large to resize.');
  }
  image.resize({ width: job.width, withoutEnlargement: true });
  if (job.blur) image.blur(PLACEHOLDER.sigma);
  return image.webp({ quality: job.quality }).toBuffer();
}

async function writeAtomically(file: string, data: Buffer) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fsp.writeFile(temporary, data);
  await fsp.rename(temporary, file).catch(async (error: unknown) => {
    await fsp.rm(temporary, { force: true });
    throw error;
  });
}

export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, options) => {
  const storageRoot = path.resolve(options.storageRoot);
  const cacheDir = path.resolve(options.cacheDir);
  const maxPixels = options.maxPixels ?? 50_000_000;
  fs.mkdirSync(storageRoot, { recursive: true });
  const realRoot = fs.realpathSync(storageRoot);
  const limit = createLimiter(options.concurrency ?? 2, options.maxQueue ?? 256);
  // Two requests for the same missing image share one sharp job.
  const inflight = new Map<string, Promise<Buffer>>();

  const produce = (key: string, cacheFile: string, job: Job, log: FastifyBaseLogger) => {
    let pending = inflight.get(key);
    if (!pending) {
      pending = limit(() => render(job, maxPixels))
        .catch((error: unknown) => {
          if (error instanceof HttpError) throw error;
          if (error instanceof Error && /pixel limit/i.test(error.message)) {
            throw new HttpError(422, 'image_too_large', 'The source image is too large to resize.');
          }
          log.warn({ err: error, file: job.file }, 'image could not be resized');
          throw new HttpError(
            422,
            'unsupported_image',
            'The source could not be read as an image.',
          );
        })
        .then(async (data) => {
          await writeAtomically(cacheFile, data).catch((error: unknown) =>
            log.warn({ err: error, cacheFile }, 'image cache write failed'),
          );
          return data;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };

  app.get('/_img', { schema: { hide: true, querystring: querySchema } }, async (request, reply) => {
    const { src, w, q, blur, v } = request.query;
    const notFound = () => reply.status(404).send(errorBody('not_found', `No image at ${src}`));
    const file = resolveStoragePath(storageRoot, src);
    if (!file) return notFound();
    if (!EXTENSIONS.has(path.extname(file).toLowerCase())) {
      return reply
        .status(422)
        .send(errorBody('unsupported_image', 'Only JPEG, PNG, WebP, AVIF and GIF are resized.'));
    }
    let source: Job['file'];
    let stat: { mtimeMs: number; size: number };
    const bucket = options.storage?.driver === 's3' ? options.storage : null;
    if (bucket) {
      // The S3 driver: the object under the same key, read only when the resized copy is not cached yet.
      const objectKey = `storage/${path.relative(storageRoot, file).split(path.sep).join('/')}`;
      const found = await bucket.stat(objectKey);
      if (!found) return notFound();
      stat = { mtimeMs: found.modifiedAt.getTime(), size: found.size };
      source = async () => {
        const body = await bucket.get(objectKey);
        if (!body) throw new HttpError(404, 'not_found', `No image at ${src}`);
        return body;
      };
    } else {
      // A symbolic link must not lead out of the root either.
      try {
        const real = await fsp.realpath(file);
        if (!real.startsWith(realRoot + path.sep)) return notFound();
        const found = await fsp.stat(real);
        if (!found.isFile()) return notFound();
        stat = found;
        source = real;
      } catch {
        return notFound();
      }
    }

    const job: Job = {
      file: source,
      width: blur ? PLACEHOLDER.width : (w as number),
      quality: blur ? PLACEHOLDER.quality : (q ?? DEFAULT_QUALITY),
      blur,
    };
    const key = crypto
      .createHash('sha256')
      .update(
        JSON.stringify([
          await recipe(),
          path.relative(storageRoot, file),
          stat.mtimeMs,
          stat.size,
          job.width,
          job.quality,
          blur,
        ]),
      )
      .digest('hex')
      .slice(0, 40);
    const etag = `"${key}"`;
    // Only a success or a 304 carries the caching headers; an error must not be kept.
    const cacheHeaders = { etag, 'cache-control': v ? IMMUTABLE : REVALIDATE };
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      return reply.status(304).headers(cacheHeaders).send();
    }

    const cacheFile = path.join(cacheDir, key.slice(0, 2), `${key}.webp`);
    let data: Buffer;
    try {
      data = await fsp.readFile(cacheFile);
      reply.header('X-Image-Cache', 'hit');
    } catch {
      data = await produce(key, cacheFile, job, request.log);
      reply.header('X-Image-Cache', 'miss');
    }
    return reply.headers(cacheHeaders).type('image/webp').send(data);
  });
};
