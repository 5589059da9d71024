// The signed-in account's own sessions, for the devices screens of the site and of the back office.
import type { AppLoadContext } from 'react-router';
import type { Session } from '#shared/resources/user.ts';
import { credentialHeaders } from '#app/lib/session.server.ts';

/** Scoped to the caller in the query itself: the service reads the session from the request's own credentials. */
export async function loadOwnSessions(
  { request }: { request: Request },
  { services }: { services: AppLoadContext['services'] },
) {
  const sessions: Session[] = await services.auth.listSessions(credentialHeaders(request.headers));
  return { sessions };
}
