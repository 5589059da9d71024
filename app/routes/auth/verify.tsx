// `/auth/verify?verify_url=...`: without verify_url the route is invalid (404 `Page Not Found: {fullPath}`).
import { z } from 'zod';
import { invalidRoute, notAvailableYet } from '#app/lib/route-errors.ts';
import type { RouteHandle } from '#app/lib/title.tsx';
import type { Route } from './+types/verify';

export const handle: RouteHandle = { title: 'pages.verify' };

const querySchema = z.object({ verify_url: z.string().min(1).max(2048) });

export function loader({ request }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  if (!querySchema.safeParse(query).success) invalidRoute(request);
  notAvailableYet(request);
}

export default function Verify() {
  return null;
}
