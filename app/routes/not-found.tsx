// Any path no route claims: a real 404 with `Page not found: {path}`.
import { pageNotFound } from '#app/lib/route-errors.ts';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/not-found';

export const loader = withAccess('public', ({ request }: Route.LoaderArgs) => {
  pageNotFound(request);
});

export default function NotFound() {
  return null;
}
