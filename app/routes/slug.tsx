// `/{slug}`: landing pages for genres, types and nations arrive with the catalogue; until then every slug is a 404.
import { pageNotFound } from '#app/lib/route-errors.ts';
import type { Route } from './+types/slug';

export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

export default function SlugPage() {
  return null;
}
