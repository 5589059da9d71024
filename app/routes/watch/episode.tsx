// `/watch/{slug}/{ep}`: the watch page, always dark like a cinema; episodes arrive with the catalogue.
import { pageNotFound } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/episode';

export const handle: RouteHandle = { colorMode: 'dark' };

export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

export default function EpisodePage() {
  return null;
}
