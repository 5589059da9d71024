// Builds the services once per process; HTTP routes and React Router loaders share them.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAccountsService } from './domain/auth/accounts.service.ts';
import { createAuth } from './domain/auth/auth.ts';
import { createEpisodesService } from './domain/catalog/episodes.service.ts';
import { createMoviesService } from './domain/catalog/movies.service.ts';
import { createSearchService } from './domain/catalog/search.service.ts';
import { createTermsService } from './domain/catalog/terms.service.ts';
import { createSystemService } from './domain/ops/system.service.ts';
import { createRateLimits } from './http/rate-limit.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

const require = createRequire(import.meta.url);
export const appVersion: string = (require('../package.json') as { version: string }).version;

export type Services = ReturnType<typeof createServices>;

type Log = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
const quietLog: Log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function createServices(options: {
  config: Config;
  db: Database;
  authSecret: string;
  log?: Log;
}) {
  const { config, db } = options;
  const log = options.log ?? quietLog;
  const mailer: Mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    dataDir: config.dataDir,
    from: `${config.SITE_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`,
    log,
  });
  // Better Auth calls back for reset mail; the accounts service that writes it is made just after.
  const resetMail: {
    send?: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
  } = {};
  const auth = createAuth({
    db,
    secret: options.authSecret,
    baseURL: config.publicUrl,
    log: {
      debug: (object, message) => log.debug(object, message),
      info: (object, message) => log.info(object, message),
      warn: (object, message) => log.warn(object, message),
      error: (object, message) => log.error(object, message),
    },
    sendResetPassword: ({ user, token }) => resetMail.send!(user, token),
  });
  const accounts = createAccountsService({
    db,
    auth,
    mailer,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
    siteName: config.SITE_NAME,
    storageRoot: path.join(config.dataDir, 'storage'),
    log,
  });
  resetMail.send = accounts.sendResetMail;
  return {
    config,
    auth: accounts,
    rateLimits: createRateLimits({
      db,
      redisUrl: config.REDIS_URL,
      points: config.AUTH_RATE_LIMIT,
      log,
    }),
    terms: createTermsService({ db }),
    movies: createMoviesService({ db }),
    episodes: createEpisodesService({ db }),
    search: createSearchService({ db }),
    system: createSystemService({ db, version: appVersion }),
    site: {
      name: config.SITE_NAME,
      titleSeparator: ' | ',
      defaultLocale: config.DEFAULT_LOCALE,
      publicUrl: config.publicUrl,
    },
  };
}
