// The signed-in viewer's notifications (the header's bell, /user/notifications): list, unread count, mark one or
// all read. Each reads and writes only the caller's own rows (decision 043).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '#shared/list-query.ts';
import { notificationSchema } from '#shared/resources/notification.ts';
import { errorResponses, idParam } from './errors.ts';

const unreadSchema = z.object({ unread: z.number().int() });

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'The signed-in viewer’s notifications, newest first',
        description: 'One page, and how many of all are unread.',
        querystring: pagingQuery,
        response: {
          200: pageSchema(notificationSchema).extend(unreadSchema.shape),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => notifications.list(request.currentUser!.id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'How many notifications are unread (the bell’s badge)',
        response: { 200: unreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread: await notifications.unreadCount(request.currentUser!.id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Mark one notification read',
        description:
          'Another viewer’s notification is 404, as an unknown one. Answers the unread count.',
        params: z.strictObject({ id: idParam }),
        response: { 200: unreadSchema, ...errorResponses(401, 404, 419, 422) },
      },
    },
    async (request) => notifications.markRead(request.currentUser!.id, request.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['engagement'],
        summary: 'Mark every notification read',
        response: {
          200: unreadSchema.extend({ updated: z.number().int() }),
          ...errorResponses(401, 419),
        },
      },
    },
    async (request) => notifications.markAllRead(request.currentUser!.id),
  );
};
