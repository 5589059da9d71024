// Reads and validates the environment once at start-up; a bad value stops the process naming the variable.
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
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
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).max(128).optional()),
    FFMPEG_PATH: optionalString,
    FFPROBE_PATH: optionalString,
    // Unset: the whole ladder in one ffmpeg, or one ffmpeg per rung with the npm package's old build.
    TRANSCODE_MODE: z.preprocess(
      emptyToUndefined,
      z.enum(['single-process', 'per-rendition']).optional(),
    ),
    // Largest video upload accepted, in bytes (20 GB by default).
    VIDEO_MAX_UPLOAD_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1024 * 1024)
        .max(2 ** 50)
        .default(20 * 1024 ** 3),
    ),
    // Transcodes run at once in this process (each ffmpeg uses every core it can get).
    TRANSCODE_CONCURRENCY: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(32).default(1),
    ),
    // Seconds the public catalogue reads (listing, search, movie pages, home) are reused; 0 reads every time.
    PUBLIC_CACHE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(3600).default(10),
    ),
    // Days a deleted video stays in the trash before it is purged with its files.
    TRASH_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(3650).default(30),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    DEFAULT_LOCALE: z.preprocess(emptyToUndefined, z.enum(['vi', 'en']).default('vi')),
    SITE_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(60).default('Phim')),
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
    AUTH_RATE_LIMIT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(5),
    ),
    SHUTDOWN_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(600_000).default(10_000),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3') {
      // The setting is reserved so that deployments can be written for it, but no S3 driver exists yet: starting
      // with it would quietly keep every file on the local disk.
      ctx.addIssue({
        code: 'custom',
        path: ['STORAGE_DRIVER'],
        message: 's3 is not available yet; media is kept in DATA_DIR/storage (use local)',
      });
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
    publicUrl,
    dev: value.NODE_ENV === 'development',
  };
}
