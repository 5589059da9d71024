// Server-side helpers for loaders: the current user (once per request) and the guards that use it.
import type { AppLoadContext } from 'react-router';
import { runGuards, type GuardName } from '#app/lib/guards.ts';

const users = new WeakMap<
  Request,
  ReturnType<AppLoadContext['services']['auth']['getCurrentUser']>
>();

export function getCurrentUser(request: Request, context: AppLoadContext) {
  let user = users.get(request);
  if (!user) {
    user = context.services.auth.getCurrentUser(request.headers);
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
