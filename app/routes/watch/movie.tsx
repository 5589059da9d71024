// `/watch/{slug}`: the movie detail arrives with the catalogue; with no movies, every slug is unknown (404).
import { pageNotFound } from '#app/lib/route-errors.ts';
import type { Route } from './+types/movie';

export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

export default function MoviePage() {
  return null;
}
