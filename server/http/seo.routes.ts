// GET /robots.txt: crawlers stay out of the back office, the API and people's accounts.
import type { FastifyPluginAsync } from 'fastify';

export const ROBOTS_DISALLOW = ['/vnwa', '/api', '/account', '/auth', '/_img'];

export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), ''];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });
};
