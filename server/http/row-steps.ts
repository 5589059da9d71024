// Admin routes that take one row by its path params and answer it, as the managers have many of: `GET
// /admin/videos/:id`, `POST /admin/videos/:id/retry`, `POST /admin/users/:id/unban`. A manager names its params,
// its answer and its error statuses once; each step is then its method and address, its words in the OpenAPI
// document and the service call.
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export function rowSteps<
  Params extends z.ZodType,
  Answer extends z.ZodType,
  Errors extends Record<number, z.ZodType>,
>(app: ZodApp, row: { params: Params; answer: Answer; errors: Errors }) {
  return (
    method: 'GET' | 'POST',
    url: string,
    doc: { summary: string; description?: string },
    step: (params: z.output<Params>) => Promise<z.input<Answer>>,
  ) => {
    // Typed as any schema: the step's own signature checks params and answer at each call, which Fastify's
    // inference from a generic schema could not.
    const schema: FastifySchema = {
      tags: ['admin'],
      ...doc,
      params: row.params,
      response: { 200: row.answer, ...row.errors },
    };
    app.route({
      method,
      url,
      schema,
      handler: (request) => step(request.params as z.output<Params>),
    });
  };
}
