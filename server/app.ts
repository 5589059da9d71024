// Assembles the Fastify server: API under /api, media under /storage, the React app for everything else.
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { logRedactPaths } from './log.ts';
import type { Database } from './db/client.ts';
import { errorBody, registerErrorHandling } from './http/errors.ts';
import { validatorCompiler } from './http/validation.ts';
import multipart from '@fastify/multipart';
import { accountsRoutes } from './http/accounts.routes.ts';
import { adminUsersRoutes } from './http/admin-users.routes.ts';
import { registerAccess } from './http/access.ts';
import { csrfCheck } from './http/csrf.ts';
import { registerCompression } from './http/compression.ts';
import { registerMethodOverride } from './http/method-override.ts';
import { healthRoutes } from './http/health.routes.ts';
import { backupsRoutes } from './http/backups.routes.ts';
import { registerMaintenance } from './http/maintenance.ts';
import { MAINTENANCE_RETRY_SECONDS } from './domain/ops/backups.service.ts';
import { episodesRoutes } from './http/episodes.routes.ts';
import { moviesRoutes } from './http/movies.routes.ts';
import { subtitlesRoutes } from './http/subtitles.routes.ts';
import { searchRoutes } from './http/search.routes.ts';
import { termsRoutes } from './http/terms.routes.ts';
import { watchRoutes } from './http/watch.routes.ts';
import { historyRoutes } from './http/history.routes.ts';
import { followsRoutes } from './http/follows.routes.ts';
import { notificationsRoutes } from './http/notifications.routes.ts';
import { reportsRoutes } from './http/reports.routes.ts';
import { reportManagerRoutes } from './http/report-manager.routes.ts';
import { videoUploadsRoutes } from './http/video-uploads.routes.ts';
import { videosRoutes } from './http/videos.routes.ts';
import { i18nRoutes } from './http/i18n.routes.ts';
import { imageRoutes } from './http/image.routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurityHeaders, type ExtraOrigins } from './http/security.ts';
import { siteAssetOrigins } from './domain/site/site-assets.schema.ts';
import { seoRoutes } from './http/seo.routes.ts';
import { settingsRoutes } from './http/settings.routes.ts';
import { registerAudit } from './http/audit.ts';
import { auditRoutes } from './http/audit.routes.ts';
import { overviewRoutes } from './http/overview.routes.ts';
import { homeSectionsRoutes } from './http/home-sections.routes.ts';
import { storageRoutes } from './http/storage.routes.ts';
import { localFilesRoutes } from './http/local-files.routes.ts';
import { attachRealtime, forwardEvents, type Realtime } from './realtime/realtime.ts';
import { createServices, type Services } from './services.ts';
import { registerWeb } from './web/react-router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    realtime: Realtime;
    /** Signs XSRF-TOKEN values; derived from the auth secret. */
    xsrfSecret: string;
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
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Longer than Fastify's 100 by default, so that a too-long id reaches the route's schema (422 naming it).
    routerOptions: { maxParamLength: 512 },
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const services = createServices({
    config,
    db,
    authSecret: options.authSecret,
    log: app.log,
  });
  app.decorate('services', services);
  // Settings are read synchronously by every request: loaded before the first one, then kept up to date.
  await services.changes.start();
  app.addHook('onClose', async () => {
    await services.relay.stop();
    await services.changes.stop();
  });
  await services.settings.start();
  services.presence.start();
  app.addHook('onClose', async () => services.presence.stop());
  // While a backup is restored, only its status, the health check and assets answer (decision 045).
  registerMaintenance(app, {
    active: services.backups.isMaintenance,
    retrySeconds: MAINTENANCE_RETRY_SECONDS,
    siteName: () => services.site.name,
    defaultLocale: () => services.site.defaultLocale,
  });
  app.addHook('onClose', async () => services.rateLimits.close());
  // Watch positions kept for the next batch are written before the pool closes.
  app.addHook('onClose', async () => services.history.stop());
  // After the HTTP server has stopped and before the database pool closes (start.ts closes it after the app).
  app.addHook('onClose', async () => services.jobs.stop(config.SHUTDOWN_TIMEOUT_MS));
  app.decorate(
    'xsrfSecret',
    crypto.createHash('sha256').update(`xsrf:${options.authSecret}`).digest('hex'),
  );

  app.decorate(
    'realtime',
    await attachRealtime(app, {
      publicUrl: config.publicUrl,
      redisUrl: config.REDIS_URL,
      dev: config.dev,
    }),
  );
  const stopForwarding = forwardEvents(services.events, app.realtime);
  app.addHook('onClose', async () => stopForwarding());

  registerErrorHandling(app);
  const assetOrigins = new WeakMap<object, ExtraOrigins>();
  registerSecurityHeaders(app, {
    dev: config.dev,
    https: config.publicUrl.startsWith('https:'),
    mediaOrigin: services.storage.mediaOrigin,
    // Worked out once per Site Assets value: the settings service hands out the same object until it changes.
    publicOrigins: () => {
      const assets = services.settings.get('site_assets');
      let origins = assetOrigins.get(assets);
      if (!origins) assetOrigins.set(assets, (origins = siteAssetOrigins(assets)));
      return origins;
    },
  });
  await registerOpenApi(app, { version: services.system.version, publicUrl: config.publicUrl });

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
      // Before every route: each declares who may call it, and this checks it first (decision 022).
      registerAccess(api);
      registerAudit(api);
      api.addHook('preValidation', csrfCheck(app.xsrfSecret));
      registerMethodOverride(api);
      // An admin write may change what visitors see: the public reads start afresh (before the answer leaves,
      // so the editor's next page load already reads the change).
      api.addHook('onSend', async (request, reply, payload) => {
        const write = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
        if (write && reply.statusCode < 400 && request.url.startsWith('/api/admin/')) {
          services.publicReads.clear();
          await services.changes.publish('public-reads');
        }
        return payload;
      });
      await api.register(healthRoutes);
      await api.register(accountsRoutes);
      await api.register(adminUsersRoutes, { prefix: '/admin/users' });
      await api.register(termsRoutes);
      await api.register(moviesRoutes);
      await api.register(episodesRoutes);
      await api.register(subtitlesRoutes);
      await api.register(watchRoutes);
      await api.register(reportsRoutes);
      await api.register(reportManagerRoutes);
      await api.register(backupsRoutes);
      await api.register(historyRoutes);
      await api.register(followsRoutes);
      await api.register(notificationsRoutes);
      await api.register(videosRoutes);
      await api.register(videoUploadsRoutes);
      await api.register(searchRoutes);
      await api.register(settingsRoutes);
      await api.register(auditRoutes);
      await api.register(overviewRoutes);
      await api.register(homeSectionsRoutes);
      await api.register(localFilesRoutes);
      // Unknown API paths answer JSON, never the HTML app.
      api.all(
        '/*',
        { schema: { hide: true }, config: { access: 'public', csrf: false } },
        async (request, reply) =>
          reply
            .status(404)
            .send(errorBody('not_found', `No API route for ${request.method} ${request.url}`)),
      );
    },
    { prefix: '/api' },
  );
  await app.register(storageRoutes, {
    prefix: '/storage',
    root: `${config.dataDir}/storage`,
    cache: services.storageCache,
    storage: services.storage,
  });
  await app.register(imageRoutes, {
    storage: services.storage,
    storageRoot: `${config.dataDir}/storage`,
    cacheDir: `${config.dataDir}/cache/img`,
  });
  await app.register(async (site) => {
    await registerCompression(site);
    await site.register(i18nRoutes);
    await site.register(seoRoutes);
    if (options.web !== false) {
      await registerWeb(site, { services, buildDir: options.buildDir ?? 'build', dev: config.dev });
    }
  });
  return app;
}
