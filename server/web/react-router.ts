// Hands every path that is not /api or /storage to the React Router app (SSR), in production or through Vite in dev.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild, createRequestHandler as CreateRequestHandler } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Services } from '#server/services.ts';
import { PAGE_CACHE_HEADER } from '#shared/page-cache.ts';

export type WebOptions = {
  services: Services;
  /** Folder of the production build (`build/`); ignored in dev. */
  buildDir: string;
  dev: boolean;
};

declare module 'react-router' {
  interface AppLoadContext {
    nonce: string;
    services: Services;
  }
}

export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { services } = options;
  let getBuild: () => Promise<ServerBuild>;
  let vite: ViteDevServer | undefined;

  await app.register(async (web) => {
    // Form posts reach React Router actions as raw streams.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    if (options.dev) {
      const { createServer } = await import('vite');
      const middie = (await import('@fastify/middie')).default;
      vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
      await web.register(middie);
      web.use(vite.middlewares);
      const devServer = vite;
      getBuild = async () =>
        (await devServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    } else {
      const serverBuildPath = path.resolve(options.buildDir, 'server', 'index.js');
      const build = (await import(pathToFileURL(serverBuildPath).href).catch((error: unknown) => {
        throw new Error(
          `No production build at ${serverBuildPath}: run "npm run build" first (${String(error)})`,
        );
      })) as ServerBuild;
      services.system.setBuildId(build.assets.version);
      getBuild = async () => build;
      await web.register(fastifyStatic, {
        root: path.resolve(options.buildDir, 'client'),
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` beside each asset (scripts/compress-assets.ts).
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
          // The answer depends on Accept-Encoding (preCompressed): a shared cache must keep each encoding apart.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    const mode = options.dev ? 'development' : 'production';
    // In production the handler is made once; in development each request picks up the latest build.
    const productionHandler = options.dev ? undefined : handlerFor(await getBuild(), mode);
    const { pageCache } = services;
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      // A guest's page that another guest had rendered a moment ago (decision 058).
      const key = options.dev ? null : pageCache.keyOf(request, services.site.defaultLocale);
      const kept = key ? pageCache.get(key) : undefined;
      if (kept) {
        reply.header('x-phim-cache', 'hit');
        return sendPage(reply, kept.status, kept.headers, pageCache.htmlOf(kept, request.cspNonce));
      }
      const handler = productionHandler ?? handlerFor(await getBuild(), mode);
      const response = await handler(toWebRequest(request), {
        nonce: request.cspNonce,
        services,
      });
      if (
        key &&
        response.status === 200 &&
        response.headers.has(PAGE_CACHE_HEADER) &&
        !response.headers.has('set-cookie')
      ) {
        const html = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers];
        pageCache.keep(key, { status: response.status, headers, html, nonce: request.cspNonce });
        return sendPage(reply, response.status, headers, html);
      }
      return sendWebResponse(reply, response);
    };
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      // The pages are not part of the API document.
      schema: { hide: true },
      handler: handle,
    });
    web.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/',
      schema: { hide: true },
      handler: handle,
    });
  });

  app.addHook('onClose', async () => {
    await vite?.close();
  });
}

/**
 * The request handler, made by the build's own React Router (app/entry.server.tsx re-exports it): the server never
 * imports `react-router` itself, whose Node resolution is its development build; a production build bundles the
 * production one, and the pages and the handler share it.
 */
function handlerFor(build: ServerBuild, mode: 'development' | 'production') {
  const { createRequestHandler } = build.entry.module as typeof build.entry.module & {
    createRequestHandler?: typeof CreateRequestHandler;
  };
  if (!createRequestHandler)
    throw new Error('app/entry.server.tsx must export createRequestHandler');
  return createRequestHandler(build, mode);
}

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, String(value));
  }
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody && request.body ? Readable.toWeb(request.body as Readable) : undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: body as unknown as BodyInit | undefined,
    signal: controller.signal,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** The status and headers of a page's answer (Set-Cookie apart: `Headers` iterates each cookie as its own entry). */
function answerWith(reply: FastifyReply, status: number, headers: Iterable<[string, string]>) {
  reply.status(status);
  // Pages and their data depend on who asks (a signed-in viewer's page carries their history ticket): no shared
  // cache may keep them, and a browser asks again before reusing one. A route that knows better says so itself.
  reply.header('cache-control', 'private, no-cache');
  for (const [key, value] of headers) {
    if (key === 'set-cookie' || key === PAGE_CACHE_HEADER) continue;
    reply.header(key, value);
  }
  // The security hook gives this response the nonce-based policy (see security.ts).
  reply.header('x-phim-nonce', '1');
}

/** A whole page: one buffer is one socket write, or one compression call. */
function sendPage(
  reply: FastifyReply,
  status: number,
  headers: Iterable<[string, string]>,
  html: Buffer,
) {
  answerWith(reply, status, headers);
  return reply.send(html);
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  answerWith(reply, response.status, response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  // Pages arrive whole (entry.server.tsx): one buffer is one socket write, or one compression call.
  if (response.headers.has('content-length'))
    return response.arrayBuffer().then((body) => reply.send(Buffer.from(body)));
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
