// /storage/*: files of the local storage driver, with Range, ETag and Last-Modified; never outside its root.
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from './errors.ts';

export const storageRoutes: FastifyPluginAsync<{ root: string }> = async (app, options) => {
  fs.mkdirSync(options.root, { recursive: true });
  // Anything that tries to climb out of the root is simply not there.
  app.addHook('onRequest', async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0] ?? '');
    } catch {
      path = '..';
    }
    if (path.includes('..') || path.includes('\0') || path.includes('\\')) {
      return reply.status(404).send(errorBody('not_found', 'No such file'));
    }
  });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    list: false,
    maxAge: '1h',
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorBody('not_found', `No file at ${request.url}`)),
  );
};
