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
