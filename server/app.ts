// Assembles the Fastify server: API under /api, media under /storage, the React app for everything else.
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorBody, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.routes.ts';
import { i18nRoutes } from './http/i18n.routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { storageRoutes } from './http/storage.routes.ts';
import { createServices, type Services } from './services.ts';
import { registerWeb } from './web/react-router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type AppOptions = {
  config: Config;
  db: Database;
  authSecret: string;
  logger?: Logger;
  /** Folder of the production build; default `build/`. */
  buildDir?: string;
  /** Serve the React app (off in API-only tests). */
  web?: boolean;
};

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app: FastifyInstance = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger as FastifyBaseLogger }
      : {
          logger:
            config.LOG_LEVEL === 'silent'
              ? false
              : {
                  level: config.LOG_LEVEL,
                  redact: { paths: logRedactPaths, censor: '[redacted]' },
                },
        }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const services = createServices({ config, db, authSecret: options.authSecret });
  app.decorate('services', services);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { dev: config.dev, https: config.publicUrl.startsWith('https:') });
  await registerOpenApi(app, { version: services.system.version, publicUrl: config.publicUrl });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      // Unknown API paths answer JSON, never the HTML app.
      api.all('/*', { schema: { hide: true } }, async (request, reply) =>
        reply
          .status(404)
          .send(errorBody('not_found', `No API route for ${request.method} ${request.url}`)),
      );
    },
    { prefix: '/api' },
  );
  await app.register(storageRoutes, { prefix: '/storage', root: `${config.dataDir}/storage` });
  await app.register(i18nRoutes);

  if (options.web !== false) {
    await registerWeb(app, { services, buildDir: options.buildDir ?? 'build', dev: config.dev });
  }
  return app;
}
