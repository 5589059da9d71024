// GET /api/health: liveness and database reachability for load balancers and monitors.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    buildId: z.string(),
    db: z.enum(['up', 'down']),
  })
  .meta({ id: 'Health' });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Service health',
        description: 'Answers 200 when the database is reachable, 503 otherwise.',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const up = await app.services.system.isDatabaseUp();
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        version: app.services.system.version,
        buildId: app.services.system.buildId(),
        db: up ? ('up' as const) : ('down' as const),
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );
};
