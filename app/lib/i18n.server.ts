// The address of a locale's messages, written into each page by the server (root.tsx).
import { messagesVersion } from '#shared/locales/index.ts';
import type { Locale } from '#shared/i18n.ts';

/** `/_i18n/{locale}/messages.json` with the digest of this release's messages (`?v=`): see `messagesVersion`. */
export function messagesUrl(locale: Locale) {
  return `/_i18n/${locale}/messages.json?v=${messagesVersion}`;
}
