// A back-office screen that a later issue builds: 501 instead of pretending to work, to admins only.
import { withAccess } from '#app/lib/access.server.ts';
import { notAvailableYet } from '#app/lib/route-errors.ts';
import type { Route } from './+types/pending';

export const loader = withAccess('admin', ({ request }: Route.LoaderArgs) => {
  notAvailableYet(request);
});

export default function PendingAdminScreen() {
  return null;
}
