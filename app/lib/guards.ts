// Route guards of the spec (auth-admin, guest-admin, auth, guest, role-admin, role-user, verified) as one mechanism.
import { data, redirect } from 'react-router';

export type GuardUser = {
  id: string;
  roles: string[];
  emailVerified: boolean;
};

export type GuardContext = {
  request: Request;
  user: GuardUser | null;
};

type Guard = (context: GuardContext) => void;

function returnTo(request: Request) {
  const url = new URL(request.url);
  return encodeURIComponent(url.pathname + url.search);
}

function forbidden(): never {
  throw data('Forbidden', { status: 403, statusText: 'Forbidden' });
}

export const hasRole = (user: GuardUser | null, role: string) =>
  Boolean(user?.roles.includes(role));

const guards = {
  'auth-admin': ({ request, user }) => {
    if (!user) throw redirect(`/vnwa/login?redirect=${returnTo(request)}`);
    if (!hasRole(user, 'admin')) forbidden();
  },
  'guest-admin': ({ user }) => {
    if (hasRole(user, 'admin')) throw redirect('/vnwa');
  },
  auth: ({ request, user }) => {
    if (!user) throw redirect(`/auth/login?redirect=${returnTo(request)}`);
  },
  guest: ({ user }) => {
    if (user) throw redirect('/');
  },
  'role-admin': ({ user }) => {
    if (!hasRole(user, 'admin')) forbidden();
  },
  'role-user': ({ user }) => {
    if (!hasRole(user, 'user')) forbidden();
  },
  verified: ({ request, user }) => {
    if (!user) throw redirect(`/auth/login?redirect=${returnTo(request)}`);
    if (!user.emailVerified) throw redirect(`/auth/unverified?redirect=${returnTo(request)}`);
  },
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;
export const guardNames = Object.keys(guards) as GuardName[];

/** Throws for a guard name nobody defined, so a typo never leaves a route open. */
export function getGuard(name: string): Guard {
  if (!Object.hasOwn(guards, name)) throw new Error(`Unknown route guard: ${name}`);
  return guards[name as GuardName];
}

/** Runs the named guards in order; each throws a redirect or an error response to stop the request. */
export function runGuards(names: readonly string[], context: GuardContext) {
  for (const name of names) getGuard(name)(context);
}
