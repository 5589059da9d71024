// `/account/follow-movies`: the follow list arrives with the engagement work. It needs a verified email
// (guard `verified`), so an unverified account is sent to the page that explains and resends the email.
import { notAvailableYet } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/follow-movies';

export const handle: RouteHandle = { title: 'pages.followMovies' };

export const loader = withAccess('verified', ({ request }: Route.LoaderArgs) => {
  notAvailableYet(request);
});

export default function FollowMovies() {
  return null;
}
