// Watch history (issue 16): the player saves positions with the history ticket its watch page carries; the
// signed-in viewer reads, trims and clears their own history. Decision 040.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '#shared/list-query.ts';
import { CONTINUE_MAX, HISTORY_TICKET_HOURS } from '#server/domain/engagement/history.service.ts';
import { continueItemSchema, historyItemSchema } from '#shared/resources/history.ts';
import { GUEST_HISTORY_MAX } from '#shared/history.ts';
import { errorBody, errorResponses, idParam, rowId } from './errors.ts';

/** A day is longer than any episode; a player that reports more is wrong. */
const MAX_SECONDS = 86_400;

const episodeParams = z.object({ episode_id: idParam });

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { history } = app.services;

  app.post(
    '/history/:episode_id',
    {
      // The ticket is the access check: signed for one viewer and one episode, it cannot be guessed by another
      // site either, so no CSRF token is needed (navigator.sendBeacon, used as the page hides, sends no headers).
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['engagement'],
        summary: "Save the viewer's position in an episode",
        description:
          'Sent by the player every ~10 s, on pause, on seek and when the page hides (also as `navigator.sendBeacon`). ' +
          '`ticket` comes with the watch page (or `GET /api/history/{episode_id}/ticket`); positions are written to ' +
          'the database within a second, in batches. 401 when the ticket is forged, expired or for another episode.',
        params: episodeParams,
        body: z.strictObject({
          ticket: z.string().min(1).max(512),
          position: z.number().min(0).max(MAX_SECONDS),
          duration: z.number().positive().max(MAX_SECONDS),
        }),
        response: { 204: z.null(), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      if (!history.save(request.params.episode_id, request.body)) {
        return reply
          .status(401)
          .send(errorBody('invalid_ticket', 'This history ticket is not valid: reload the page.'));
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/history/:episode_id/ticket',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'A history ticket for one episode',
        description: `For API clients: the ticket that \`POST /api/history/{episode_id}\` needs, good for ${HISTORY_TICKET_HOURS} hours.`,
        params: episodeParams,
        response: { 200: z.object({ ticket: z.string() }), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      ticket: await history.ticketForEpisode(request.currentUser!.id, request.params.episode_id),
    }),
  );

  app.get(
    '/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'The signed-in viewer’s watch history, newest first',
        querystring: pagingQuery,
        response: { 200: pageSchema(historyItemSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => history.list(request.currentUser!.id, request.query),
  );

  app.get(
    '/history/continue',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Continue watching: where to pick up each movie',
        description:
          `The home page's row (at most ${CONTINUE_MAX}): per movie the episode last watched, newest first; ` +
          'one watched to the end gives way to the next episode (`up_next`), and a finished movie is left out.',
        response: { 200: z.object({ data: z.array(continueItemSchema) }), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await history.continueWatching(request.currentUser!.id) }),
  );

  app.post(
    '/history/merge',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Merge a guest’s history into the account',
        description:
          `What the browser kept while signed out (at most ${GUEST_HISTORY_MAX} episodes), sent once after sign-in. ` +
          'Unknown or unpublished episodes are skipped; an episode keeps the newer of the two positions. Nothing ' +
          'is merged while history is paused.',
        body: z.strictObject({
          items: z
            .array(
              z.strictObject({
                episode_id: rowId,
                position: z.number().min(0).max(MAX_SECONDS),
                duration: z.number().positive().max(MAX_SECONDS),
                watched_at: z.iso.datetime({ offset: true }),
              }),
            )
            .max(GUEST_HISTORY_MAX),
        }),
        response: { 200: z.object({ merged: z.number() }), ...errorResponses(401, 419, 422) },
      },
    },
    async (request) => ({
      merged: await history.merge(request.currentUser!.id, request.body.items),
    }),
  );

  app.put(
    '/history/paused',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Pause or resume the watch history',
        description:
          'While paused, watch pages carry no history ticket and no position is saved; what is already in the ' +
          'history stays (resume still works) until removed.',
        body: z.strictObject({ paused: z.boolean() }),
        response: { 200: z.object({ paused: z.boolean() }), ...errorResponses(401, 419, 422) },
      },
    },
    async (request) => ({
      paused: await history.setPaused(request.currentUser!.id, request.body.paused),
    }),
  );

  app.delete(
    '/history/:episode_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Remove one episode from the history',
        params: episodeParams,
        response: { 204: z.null(), ...errorResponses(401, 404, 419) },
      },
    },
    async (request, reply) => {
      await history.remove(request.currentUser!.id, request.params.episode_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Clear the whole history',
        response: { 200: z.object({ removed: z.number() }), ...errorResponses(401, 419) },
      },
    },
    async (request) => ({ removed: await history.clear(request.currentUser!.id) }),
  );
};
