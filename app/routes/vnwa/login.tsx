// `/vnwa/login`: the admin sign-in, no layout, only for admins not signed in (guard `guest-admin`).
import { notAvailableYet } from '#app/lib/route-errors.ts';
import { guard } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/login';

export const handle: RouteHandle = { title: 'admin.pages.login' };

export async function loader(args: Route.LoaderArgs) {
  await guard(['guest-admin'], args);
  notAvailableYet(args.request);
}

export default function AdminLogin() {
  return null;
}
