// `/vnwa/movie/film/episodes-{movie_id}`: a malformed segment is an invalid route (404 `Page Not Found: {fullPath}`).
import { invalidRoute, notAvailableYet } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/episodes';

export const handle: RouteHandle = { title: 'admin.pages.episodes' };

export const parseEpisodesParam = (value: string | undefined) => {
  const match = /^episodes-([1-9]\d{0,17})$/.exec(value ?? '');
  return match ? match[1] : null;
};

export function loader({ request, params }: Route.LoaderArgs) {
  if (!parseEpisodesParam(params.episodes)) invalidRoute(request);
  notAvailableYet(request);
}

export default function Episodes() {
  return null;
}
