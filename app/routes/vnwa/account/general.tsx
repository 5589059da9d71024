// `/vnwa/account/general`: the `/account/general` screen inside the back office, behind the back office's access.
import { withAccess } from '#app/lib/access.server.ts';

export { default, handle } from '#app/routes/account/general.tsx';

export const loader = withAccess('admin', () => null);
