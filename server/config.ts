// Reads and validates the environment once at start-up; a bad value stops the process naming the variable.
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './media/s3-storage.ts';

/** A variable set to the empty string reads as unset (`PORT=` in a .env file): its default applies. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  setting(z.coerce.number().int().min(min).max(max).default(fallback));
const optionalString = setting(z.string().optional());
const optionalUrl = (protocols: string[]) =>
  setting(
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.join(' or ')}//`,
      )
      .optional(),
  );

export const configSchema = z
  .object({
    NODE_ENV: setting(z.enum(['development', 'production', 'test']).default('production')),
    PORT: wholeNumber(0, 65535, 3000),
    HOST: setting(z.string().min(1).default('0.0.0.0')),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    DATA_DIR: setting(z.string().min(1).default('./data')),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    STORAGE_DRIVER: setting(z.enum(['local', 's3']).default('local')),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Path-style addresses (`endpoint/bucket/key`): what MinIO and s3rver need; on by default with S3_ENDPOINT.
    S3_FORCE_PATH_STYLE: setting(z.enum(['true', 'false']).optional()),
    // Where browsers fetch public media (a CDN in front of the bucket); the bucket's own address when unset.
    MEDIA_PUBLIC_URL: optionalUrl(['http:', 'https:']),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    AUTH_SECRET: setting(z.string().min(32).optional()),
    ADMIN_EMAIL: setting(z.email().optional()),
    ADMIN_PASSWORD: setting(z.string().min(8).max(128).optional()),
    FFMPEG_PATH: optionalString,
    FFPROBE_PATH: optionalString,
    // Unset: the whole ladder in one ffmpeg, or one ffmpeg per rung with the npm package's old build.
    TRANSCODE_MODE: setting(z.enum(['single-process', 'per-rendition']).optional()),
    // Largest video upload accepted, in bytes (20 GB by default).
    VIDEO_MAX_UPLOAD_BYTES: wholeNumber(1024 * 1024, 2 ** 50, 20 * 1024 ** 3),
    // Transcodes run at once in this process (each ffmpeg uses every core it can get).
    TRANSCODE_CONCURRENCY: wholeNumber(0, 32, 1),
    // Seconds the public catalogue reads (listing, search, movie pages, home) are reused; 0 reads every time.
    PUBLIC_CACHE_SECONDS: wholeNumber(0, 3600, 10),
    // Days a deleted video stays in the trash before it is purged with its files.
    TRASH_RETENTION_DAYS: wholeNumber(1, 3650, 30),
    // Daily backups kept in DATA_DIR/backups (older daily ones are deleted; manual and uploaded ones stay).
    BACKUP_KEEP: wholeNumber(1, 1000, 14),
    // Days the audit log keeps each admin write before the daily purge deletes it.
    AUDIT_RETENTION_DAYS: wholeNumber(1, 36500, 365),
    LOG_LEVEL: setting(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    DEFAULT_LOCALE: setting(z.enum(['vi', 'en']).default('vi')),
    SITE_NAME: setting(z.string().min(1).max(60).default('Phim')),
    // Behind a reverse proxy: true (trust every hop), a number of hops, or a comma-separated list of proxy
    // addresses/CIDRs. Off by default: the client IP is the socket's.
    TRUST_PROXY: z.preprocess(
      (value) => {
        if (value === undefined || value === '' || value === 'false') return false;
        if (value === 'true') return true;
        if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
        return value;
      },
      z.union([z.boolean(), z.number().int().min(1).max(10), z.string().regex(/^[\w.:/,\s-]+$/)]),
    ),
    // Sign-in, registration and forgot-password attempts allowed a minute, per IP and per email.
    AUTH_RATE_LIMIT: wholeNumber(1, 100_000, 5),
    SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000, 10_000),
    // on: this process runs the job queue's workers, schedules and job timers; off: it only sends jobs, and a
    // worker process (`npm run worker`) runs them (decision 053).
    JOBS: setting(z.enum(['on', 'off']).default('on')),
    // The worker process's health endpoint (GET /health on 127.0.0.1); unset: none.
    WORKER_HEALTH_PORT: setting(z.coerce.number().int().min(1).max(65535).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.JOBS === 'off') {
      // Jobs sent here run in a worker, which can reach only an external database; and every process of the site
      // must sign sessions and CSRF tokens with one secret (a generated one differs per data folder).
      if (!env.DATABASE_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['JOBS'],
          message:
            'off needs DATABASE_URL (a worker, `npm run worker`, runs the jobs on the same database)',
        });
      if (!env.AUTH_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message: 'is required when JOBS=off: every node and worker of the site must share it',
        });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when STORAGE_DRIVER=s3',
          });
      }
    }
  });

export type Env = z.infer<typeof configSchema>;

export type Config = Env & {
  /** The bucket's settings when STORAGE_DRIVER=s3. */
  s3?: S3Settings;
  dataDir: string;
  publicUrl: string;
  dev: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses environment variables; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Env> = {},
): Config {
  const parsed = configSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    s3:
      value.STORAGE_DRIVER === 's3'
        ? {
            endpoint: value.S3_ENDPOINT,
            region: value.S3_REGION,
            bucket: value.S3_BUCKET!,
            accessKeyId: value.S3_ACCESS_KEY_ID!,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY!,
            forcePathStyle:
              value.S3_FORCE_PATH_STYLE === undefined
                ? undefined
                : value.S3_FORCE_PATH_STYLE === 'true',
            publicUrl: value.MEDIA_PUBLIC_URL,
          }
        : undefined,
    publicUrl,
    dev: value.NODE_ENV === 'development',
  };
}
