// Builds the services once per process; HTTP routes and React Router loaders share them.
import { createRequire } from 'node:module';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAuth } from './domain/auth/auth.ts';
import { createAuthService } from './domain/auth/auth.service.ts';
import { createSystemService } from './domain/ops/system.service.ts';

const require = createRequire(import.meta.url);
export const appVersion: string = (require('../package.json') as { version: string }).version;

export type Services = ReturnType<typeof createServices>;

export function createServices(options: { config: Config; db: Database; authSecret: string }) {
  const { config, db } = options;
  const auth = createAuth({ db, secret: options.authSecret, baseURL: config.publicUrl });
  return {
    config,
    auth: createAuthService({ db, auth }),
    system: createSystemService({ db, version: appVersion }),
    site: {
      name: config.SITE_NAME,
      titleSeparator: ' | ',
      defaultLocale: config.DEFAULT_LOCALE,
      publicUrl: config.publicUrl,
    },
  };
}
