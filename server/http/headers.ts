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

/**
 * The request's headers for the auth services. With a Bearer token the cookies are left out: the CSRF check lets a
 * Bearer request through without its token, so a forged Bearer must not fall back to the browser's session cookie.
 */
export function webHeaders(request: FastifyRequest) {
  const headers = new Headers();
  const bearer = /^bearer\s+\S/i.test(request.headers.authorization ?? '');
  for (const [key, value] of Object.entries(request.headers)) {
    if (bearer && key === 'cookie') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, String(value));
  }
  return headers;
}

export const callerOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
});
