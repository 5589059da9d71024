// A screen that a later issue builds: it answers 501 instead of pretending to work.
import { notAvailableYet } from '#app/lib/route-errors.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/pending';

export const loader = withAccess('public', ({ request }: Route.LoaderArgs) => {
  notAvailableYet(request);
});

export default function Pending() {
  return null;
}
