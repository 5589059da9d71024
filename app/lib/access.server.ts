// The one door from a page's loader or action to the server's data: each declares who may pass, and the guards run
// before the handler is given the services (decision 022). React Router runs only the loaders a `.data` request
// names, so a layout's guard protects nothing on its own: every route module declares its own access.
import { data, type AppLoadContext } from 'react-router';
import type { GuardName } from '#app/lib/guards.ts';
import { runGuards } from '#app/lib/guards.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';

type Services = AppLoadContext['services'];
type CurrentUser = NonNullable<Awaited<ReturnType<Services['auth']['getCurrentUser']>>>;

/** Who may load a page or run its action; each names the spec's guards it runs, in order. */
export const accessGuards = {
  /** Anyone, signed in or not. */
  public: [],
  /** Only visitors who are not signed in (sign-in, registration, forgotten password). */
  guest: ['guest'],
  /** The admin sign-in page: anyone but a signed-in admin. */
  'guest-admin': ['guest-admin'],
  /** Any signed-in account. */
  user: ['auth'],
  /** A signed-in account whose email is verified. */
  verified: ['auth', 'verified'],
  /** The back office: signed-in admins only. */
  admin: ['auth-admin'],
} as const satisfies Record<string, readonly GuardName[]>;

export type Access = keyof typeof accessGuards;

/** What a handler of the given access is handed: the services, and the user where the guards ensure one. */
export type Granted<A extends Access> = {
  services: Services;
  user: A extends 'public' | 'guest' | 'guest-admin' ? CurrentUser | null : CurrentUser;
};

type ServerArgs = { request: Request; context: AppLoadContext };

/** A loader or action with its declared access, which the access tests read from the build. */
export type Guarded<F> = F & { readonly access: Access };

/** Page actions are not under the API's CSRF token: a write whose Origin is another site's is refused. */
function refuseCrossSiteWrite(request: Request) {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.get('origin');
  // Hosts, not origins: behind a TLS-terminating proxy the server may see http where the browser says https.
  if (origin && URL.parse(origin)?.host !== new URL(request.url).host)
    throw data('Forbidden', { status: 403, statusText: 'Forbidden' });
}

/**
 * Wraps a route module's `loader` or `action`: the guards of `access` run first (a redirect to sign-in, or 403),
 * then the handler gets the services. Use it for every loader and action; `tests/api/page-access.test.ts` fails a
 * route module whose loader or action goes without it.
 */
export function withAccess<A extends Access, Args extends ServerArgs, R>(
  access: A,
  handler: (args: Args, granted: Granted<A>) => R,
): Guarded<(args: Args) => Promise<Awaited<R>>> {
  const guards = accessGuards[access];
  const guarded = async (args: Args): Promise<Awaited<R>> => {
    refuseCrossSiteWrite(args.request);
    const user = await getCurrentUser(args.request, args.context);
    runGuards(guards, { request: args.request, user });
    return await handler(args, { services: args.context.services, user } as Granted<A>);
  };
  return Object.assign(guarded, { access });
}
