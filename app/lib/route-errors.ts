// The two 404s of the spec: unmatched paths and routes whose parameters fail validation.
import { data } from 'react-router';

export function pageNotFound(request: Request): never {
  const url = new URL(request.url);
  throw data(`Page not found: ${url.pathname}`, { status: 404, statusText: 'Not Found' });
}

export function invalidRoute(request: Request): never {
  const url = new URL(request.url);
  throw data(`Page Not Found: ${url.pathname}${url.search}`, {
    status: 404,
    statusText: 'Not Found',
  });
}

/** A screen that a later issue builds: 501 instead of pretending to work. */
export function notAvailableYet(request: Request): never {
  throw data(`Not available yet: ${new URL(request.url).pathname}`, {
    status: 501,
    statusText: 'Not Implemented',
  });
}
