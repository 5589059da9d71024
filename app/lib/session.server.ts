// Server-side helpers for loaders: the current user (once per request) and the guards that use it.
import type { AppLoadContext } from 'react-router';
import { readCookieValue } from '#app/lib/api.ts';
import { AUTH_TOKEN_COOKIE } from '#app/lib/auth.tsx';
import { runGuards, type GuardName } from '#app/lib/guards.ts';

const users = new WeakMap<
  Request,
  ReturnType<AppLoadContext['services']['auth']['getCurrentUser']>
>();

/** Token-mode pages keep their token in a cookie: the server reads it as the Bearer header it stands for. */
export function credentialHeaders(headers: Headers) {
  if (headers.has('authorization')) return headers;
  const token = readCookieValue(headers.get('cookie') ?? '', AUTH_TOKEN_COOKIE);
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

/** Runs the named guards for a loader; returns the user when they all pass. */
export async function guard(
  names: readonly GuardName[],
  args: { request: Request; context: AppLoadContext },
) {
  const user = await getCurrentUser(args.request, args.context);
  runGuards(names, { request: args.request, user });
  return user;
}
