// The current user of a page request, looked up once per request (the root loader and the page's own share it).
import type { AppLoadContext } from 'react-router';
import { readCookie } from '#shared/cookies.ts';
import { AUTH_TOKEN_COOKIE } from '#app/lib/auth.tsx';

const users = new WeakMap<
  Request,
  ReturnType<AppLoadContext['services']['auth']['getCurrentUser']>
>();

/** Token-mode pages keep their token in a cookie: the server reads it as the Bearer header it stands for. */
export function credentialHeaders(headers: Headers) {
  if (headers.has('authorization')) return headers;
  const token = readCookie(headers.get('cookie') ?? '', AUTH_TOKEN_COOKIE);
  if (!token) return headers;
  const withToken = new Headers(headers);
  withToken.set('authorization', `Bearer ${token}`);
  return withToken;
}

export function getCurrentUser(request: Request, context: AppLoadContext) {
  let user = users.get(request);
  if (!user) {
    user = context.services.auth.getCurrentUser(credentialHeaders(request.headers));
    users.set(request, user);
  }
  return user;
}
