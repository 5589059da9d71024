// `/auth/reset/{token}`: password reset; the screen arrives with the accounts work.
import { z } from 'zod';
import { invalidRoute, notAvailableYet } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/reset';

export const handle: RouteHandle = { title: 'pages.reset' };

export function loader({ request, params }: Route.LoaderArgs) {
  if (
    !z
      .string()
      .regex(/^[\w-]{8,200}$/)
      .safeParse(params.token).success
  )
    invalidRoute(request);
  notAvailableYet(request);
}

export default function Reset() {
  return null;
}
