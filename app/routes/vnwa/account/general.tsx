// `/vnwa/account/general`: the `/account/general` screen inside the back office, behind the back office's access.
import { withAccess } from '#app/lib/access.server.ts';
import type { Route } from './+types/general';

export { default, handle } from '#app/routes/account/general.tsx';

export const loader = withAccess('admin', async (_: Route.LoaderArgs, { services, user }) => ({
  notificationEmail: (await services.auth.getUserResource(user.id)).notification_email,
}));
