// Reading one cookie from a Cookie header or `document.cookie`: the browser's API client, the pages' server code and
// the API's CSRF check read cookies the same way.

/** The decoded value of cookie `name`, or undefined when it is absent or its encoding is broken. */
export function readCookie(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Better Auth's session cookie (`__Secure-` in front of it over HTTPS). */
export const SESSION_COOKIE = 'better-auth.session_token';
/** Token mode's cookie: the pages' server code reads it as the Bearer token it stands for. */
export const AUTH_TOKEN_COOKIE = 'phim_token';

/**
 * Whether a request carries a credential (valid or not): a session cookie, token mode's cookie or an
 * Authorization header. Without one it is a guest's, known without asking the auth service.
 */
export function carriesCredentials(
  cookieHeader: string | null | undefined,
  authorization: string | null | undefined,
): boolean {
  if (authorization) return true;
  if (!cookieHeader) return false;
  return (
    cookieHeader.includes(`${SESSION_COOKIE}=`) ||
    readCookie(cookieHeader, AUTH_TOKEN_COOKIE) !== undefined
  );
}
