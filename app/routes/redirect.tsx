// The redirects of spec section 2: section roots lead to their first screen.
import { redirect } from 'react-router';
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/redirect';

export const redirects: Record<string, string> = {
  '/vnwa': '/vnwa/dashboard',
  '/vnwa/dashboard': '/vnwa/movie/film/list',
  '/vnwa/movie': '/vnwa/movie/film/list',
  '/vnwa/movie/film': '/vnwa/movie/film/list',
  '/vnwa/vmedia/video-manager': '/vnwa/vmedia/video-manager/list',
  '/vnwa/account': '/vnwa/account/general',
  '/account': '/account/general',
};

// Public: a redirect reveals nothing, and the screen it leads to runs its own guard.
export const loader = withAccess('public', ({ request }: Route.LoaderArgs) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
  const target = redirects[path];
  if (!target) throw new Error(`No redirect is defined for ${path}`);
  return redirect(target);
});
