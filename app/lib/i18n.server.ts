// The address of a locale's messages, written into each page by the server (root.tsx).
import { messagesPath } from '#app/lib/i18n.ts';
import { messagesVersion } from '#shared/locales/index.ts';
import type { Locale } from '#shared/i18n.ts';

/** `messagesPath` with the digest of this release's messages (`?v=`): see `messagesVersion`. */
export function messagesUrl(locale: Locale) {
  return messagesPath(locale, messagesVersion);
}
