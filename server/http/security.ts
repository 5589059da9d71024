// Security headers: a per-request CSP nonce for the React app's inline scripts, and the usual hardening headers.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Made when first read (by the React app's render): most requests (segments, API) never need one. */
    readonly cspNonce: string;
    phimCspNonce: string;
  }
}

/**
 * The Home Page Manager frames the home page's `?preview=` (decision 049): that page alone may be framed, and only
 * by this site.
 */
export const framedBySelf = (url: string) => /^\/\?(.*&)?preview=/.test(url);

export function contentSecurityPolicy(options: { nonce?: string; dev: boolean; framed?: boolean }) {
  const scripts = options.dev
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : options.nonce
      ? [`'nonce-${options.nonce}'`, "'strict-dynamic'", "'self'"]
      : ["'self'"];
  const connect = options.dev ? ["'self'", 'ws:', 'wss:', 'https:'] : ["'self'", 'wss:', 'https:'];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    // 'self': the Home Page Manager's live preview frames the home page (decision 049).
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    options.framed ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { dev: boolean; https: boolean },
) {
  app.decorateRequest('phimCspNonce', '');
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      return (this.phimCspNonce ||= crypto.randomBytes(16).toString('base64'));
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (options.https)
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    const rendered = Boolean(reply.getHeader('x-phim-nonce'));
    reply.removeHeader('x-phim-nonce');
    if (type.startsWith('text/html')) {
      // Only pages rendered by the React app carry the nonce; other HTML (API docs) gets a plain policy.
      const nonce = rendered ? request.cspNonce : undefined;
      const framed = rendered && framedBySelf(request.url);
      reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy({ nonce, dev: options.dev, framed }),
      );
      reply.header('X-Frame-Options', framed ? 'SAMEORIGIN' : 'DENY');
    }
    return payload;
  });
}
