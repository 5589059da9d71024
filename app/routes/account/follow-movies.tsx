// `/account/follow-movies`: the follow list arrives with the engagement work. It needs a verified email
// (guard `verified`), so an unverified account is sent to the page that explains and resends the email.
import { notAvailableYet } from '#app/lib/route-errors.ts';
import { guard } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/follow-movies';

export const handle: RouteHandle = { title: 'pages.followMovies' };

export async function loader(args: Route.LoaderArgs) {
  await guard(['auth', 'verified'], args);
  notAvailableYet(args.request);
}

export default function FollowMovies() {
  return null;
}
