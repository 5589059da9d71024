// CSRF for cookie mode: GET /api/csrf-cookie sets XSRF-TOKEN (an HMAC-signed random value readable by scripts);
// every unsafe /api request must echo it in X-XSRF-TOKEN, unless it carries a Bearer token or is a token-mode
// sign-in or registration (a body with `device_name`: those set no cookie). Otherwise: 419.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '#shared/cookies.ts';
import { errorBody } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MAX_AGE = 365 * 24 * 60 * 60;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function sign(secret: string, nonce: string) {
  return crypto.createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url');
}

export function createXsrfToken(secret: string) {
  const nonce = crypto.randomBytes(24).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidXsrfToken(secret: string, token: string | undefined) {
  if (!token) return false;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export function xsrfCookie(token: string, secure: boolean) {
  return `${XSRF_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const hasBearer = (request: FastifyRequest) =>
  /^bearer\s+\S/i.test(request.headers.authorization ?? '');

/** A preValidation hook for the /api scope (the body is parsed by then, so it can see `device_name`). */
export function csrfCheck(secret: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(request.method) || hasBearer(request)) return;
    const config = request.routeOptions.config as
      { tokenModeAllowed?: boolean; csrf?: boolean } | undefined;
    // Routes that change nothing (the JSON 404 for unknown paths) opt out.
    if (config?.csrf === false) return;
    const body = request.body as Record<string, unknown> | undefined;
    const tokenMode = config?.tokenModeAllowed && typeof body?.device_name === 'string';
    if (tokenMode) return;
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    const header = request.headers[XSRF_HEADER];
    if (
      typeof header !== 'string' ||
      !cookie ||
      header !== cookie ||
      !isValidXsrfToken(secret, cookie)
    ) {
      return reply
        .status(419)
        .send(
          errorBody(
            'csrf_mismatch',
            'CSRF token mismatch. Fetch /api/csrf-cookie and send its XSRF-TOKEN cookie back in the X-XSRF-TOKEN header.',
          ),
        );
    }
  };
}
