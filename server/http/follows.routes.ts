// The follow list and the profile (issue 16): the signed-in viewer follows and unfollows published movies, reads
// their own list (newest episode first, with the episodes that came out since they last looked; decision 041) and
// their profile's counts and recently watched movies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PER_PAGE_MAX, pageSchema } from '#shared/list-query.ts';
import { followedMovieSchema, followStateSchema, profileSchema } from '#shared/resources/follow.ts';
import { declareAccess } from './access.ts';
import { errorResponses, idParam } from './errors.ts';

const movieParams = z.strictObject({ movie_id: idParam });

export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { follows, profile } = app.services;
  // Every route is the caller's own list: the user comes from the session, never from the request.
  declareAccess(app, 'user');

  app.get(
    '/follows',
    {
      schema: {
        tags: ['engagement'],
        summary: 'The signed-in viewer’s follow list',
        description:
          'Published movies the viewer follows, the one with the newest episode first (then the latest followed). ' +
          '`new_episodes` counts the episodes published since the viewer last opened the movie or one of its episodes.',
        querystring: z.strictObject({
          page: z.coerce.number().int().min(1).max(100_000).optional(),
          per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).optional(),
        }),
        response: { 200: pageSchema(followedMovieSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => follows.list(request.currentUser!.id, request.query),
  );

  app.get(
    '/follows/:movie_id',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Whether the viewer follows a movie',
        params: movieParams,
        response: { 200: followStateSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => follows.state(request.currentUser!.id, request.params.movie_id),
  );

  app.put(
    '/follows/:movie_id',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Follow a movie',
        description:
          'Idempotent: following a movie again changes nothing. 404 for an unknown or unpublished movie.',
        params: movieParams,
        response: { 200: followStateSchema, ...errorResponses(401, 404, 419, 422) },
      },
    },
    async (request) => follows.follow(request.currentUser!.id, request.params.movie_id),
  );

  app.delete(
    '/follows/:movie_id',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Unfollow a movie',
        description:
          'Idempotent: 204 whether or not the movie was on the list (an undo may race a retry).',
        params: movieParams,
        response: { 204: z.null(), ...errorResponses(401, 419, 422) },
      },
    },
    async (request, reply) => {
      await follows.unfollow(request.currentUser!.id, request.params.movie_id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/follows/:movie_id/seen',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Mark a followed movie’s episodes seen',
        description:
          'For API clients: the site’s movie and watch pages do this themselves when a follower opens them. ' +
          '404 when the viewer does not follow the movie.',
        params: movieParams,
        response: { 204: z.null(), ...errorResponses(401, 404, 419, 422) },
      },
    },
    async (request, reply) => {
      await follows.markSeen(request.currentUser!.id, request.params.movie_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/profile',
    {
      schema: {
        tags: ['engagement'],
        summary: 'The signed-in viewer’s profile',
        description:
          'Name, avatar, joined date, how many movies they follow and episodes they watched (to 90 %), and the ' +
          'movies they watched lately with the episode to resume.',
        response: { 200: z.object({ profile: profileSchema }), ...errorResponses(401) },
      },
    },
    async (request) => ({ profile: await profile.profile(request.currentUser!) }),
  );
};
