// Who may call each API route, declared once per route (or once for a whole plugin) and enforced by one hook; the
// same declaration becomes the operation's `security` in the OpenAPI document (decision 022).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBody } from './errors.ts';
import { webHeaders } from './headers.ts';

/** `public`: anyone; `user`: any signed-in account (401 otherwise); `admin`: admins only (401, then 403). */
export const API_ACCESS = ['public', 'user', 'admin'] as const;
export type ApiAccess = (typeof API_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; a route under /api without it (and without a plugin default) stops start-up. */
    access?: ApiAccess;
  }
  interface FastifyInstance {
    /** The access of routes in this plugin that declare none (see declareAccess). */
    defaultAccess?: ApiAccess;
  }
}

/** In OpenAPI 3.1 a non-OAuth requirement may list role names: `admin` here means an admin account. */
export function securityFor(access: ApiAccess) {
  if (access === 'public') return [];
  const roles = access === 'admin' ? ['admin'] : [];
  return [{ cookie: roles }, { bearer: roles }];
}

/** Every route of the plugin that declares no access of its own gets this one. Call it before the routes. */
export function declareAccess(plugin: FastifyInstance, access: ApiAccess) {
  plugin.decorate('defaultAccess', access);
}

/** 401 without a valid session cookie or Bearer token; otherwise `request.currentUser` is set. */
export async function authenticate(request: FastifyRequest, reply: FastifyReply) {
  const user = await request.server.services.auth.getCurrentUser(webHeaders(request));
  if (!user) return reply.status(401).send(errorBody('unauthenticated', 'Unauthenticated.'));
  request.currentUser = user;
}

/** Register on the /api scope before its routes: each route's access is checked before anything else runs. */
export function registerAccess(api: FastifyInstance) {
  api.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    const access = route.config?.access ?? this.defaultAccess;
    if (!access || !API_ACCESS.includes(access))
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: set config.access or declareAccess() on its plugin`,
      );
    route.config = { ...route.config, access };
    if (route.schema) Object.assign(route.schema, { security: securityFor(access) });
  });
  api.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    await authenticate(request, reply);
    if (reply.sent) return;
    if (access === 'admin' && !request.currentUser?.roles.includes('admin'))
      return reply.status(403).send(errorBody('forbidden', 'This needs an admin account.'));
  });
}
