// The OpenAPI document at /api/openapi.json and its reference page at /api/docs, generated from route schemas.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; publicUrl: string },
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Phim API',
        description:
          'Every capability of Phim. Browser clients use cookie mode (session cookie and the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN); other clients send `Authorization: Bearer <token>`. Errors share one shape: `{ error: { code, message, fields? } }`; invalid input answers 422 with `fields` naming each bad field.',
        version: options.version,
      },
      servers: [{ url: options.publicUrl }],
      tags: [{ name: 'system', description: 'Health and service facts' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
