// `/vnwa/account/devices`: the `/account/devices` screen inside the back office, behind the back office's access.
import { withAccess } from '#app/lib/access.server.ts';
import { loadOwnSessions } from '#app/lib/devices.server.ts';

export { default, handle } from '#app/routes/account/devices.tsx';

export const loader = withAccess('admin', loadOwnSessions);
