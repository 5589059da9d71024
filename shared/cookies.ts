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
