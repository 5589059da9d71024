// What the services need from a Fastify request: its headers as a web Headers object, and who is calling from where.
import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '#server/domain/auth/accounts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check (access.ts) on routes for signed-in accounts. */
    currentUser?: CurrentUser;
  }
  interface FastifyContextConfig {
    /** The CSRF check lets a body with `device_name` through (token-mode sign-in and registration). */
    tokenModeAllowed?: boolean;
    /** `false` on routes that change nothing, so they answer without a CSRF token. */
    csrf?: boolean;
  }
}

export function webHeaders(request: FastifyRequest) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, String(value));
  }
  return headers;
}

export const callerOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});
