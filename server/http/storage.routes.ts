// /storage/*: files of the local storage driver, with Range, ETag and Last-Modified; never outside its root.
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from './errors.ts';

export const storageRoutes: FastifyPluginAsync<{ root: string }> = async (app, options) => {
  fs.mkdirSync(options.root, { recursive: true });
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
