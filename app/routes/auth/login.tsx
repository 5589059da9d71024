// `/auth/login`: guests only (guard `guest`); the screen arrives with the accounts work.
import { notAvailableYet } from '#app/lib/route-errors.ts';
import { guard } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/login';

export const handle: RouteHandle = { title: 'pages.login' };

export async function loader(args: Route.LoaderArgs) {
  await guard(['guest'], args);
  notAvailableYet(args.request);
}

export default function Screen() {
  return null;
}
