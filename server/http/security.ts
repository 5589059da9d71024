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

/** Origins a public page may load beyond its own: those of the admin's Site Assets (decision 047). */
export type ExtraOrigins = { script: string[]; style: string[] };

/**
 * The Home Page Manager frames the home page's `?preview=` (decision 049): that page alone may be framed, and only
 * by this site.
 */
export const framedBySelf = (url: string) => /^\/\?(.*&)?preview=/.test(url);

export function contentSecurityPolicy(options: {
  nonce?: string;
  dev: boolean;
  extra?: ExtraOrigins;
  framed?: boolean;
  /**
   * Where media is served from when not this site (the S3 driver's bucket or MEDIA_PUBLIC_URL, decision 055):
   * images, video and hls.js's fetches of playlists and segments. An https: origin is admitted already.
   */
  mediaOrigin?: string | null;
}) {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const extra = options.extra ?? { script: [], style: [] };
  // With 'strict-dynamic', browsers ignore host sources and trust what the nonce'd scripts add (the site assets
  // are added so); the hosts are listed for the older ones that do not know it.
  const scripts = options.dev
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : options.nonce
      ? [`'nonce-${options.nonce}'`, "'strict-dynamic'", "'self'", ...extra.script]
      : ["'self'"];
  const connect = [
    ...(options.dev ? ["'self'", 'ws:', 'wss:', 'https:'] : ["'self'", 'wss:', 'https:']),
    ...media,
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    ["style-src 'self' 'unsafe-inline'", ...extra.style].join(' '),
    ["img-src 'self' data: blob: https:", ...media].join(' '),
    ["media-src 'self' data: blob: https:", ...media].join(' '),
    ["font-src 'self' data:", ...extra.style].join(' '),
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

/** `/vnwa` and below, however the path is spelt (`/VNWA/`, `/vnwa?x`, `/vnwa.data`). */
export function isBackOffice(url: string) {
  return /^\/vnwa(?:[/?#.]|$)/i.test(url);
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    dev: boolean;
    https: boolean;
    /** What public pages (not the back office) admit beyond the site's own origin. */
    publicOrigins?: () => ExtraOrigins;
    mediaOrigin?: string | null;
  },
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
      // The back office never admits the Site Assets' origins: nothing is injected there (decision 047).
      const extra = rendered && !isBackOffice(request.url) ? options.publicOrigins?.() : undefined;
      const framed = rendered && framedBySelf(request.url);
      reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy({
          nonce,
          dev: options.dev,
          extra,
          framed,
          mediaOrigin: options.mediaOrigin,
        }),
      );
      reply.header('X-Frame-Options', framed ? 'SAMEORIGIN' : 'DENY');
    }
    return payload;
  });
}
