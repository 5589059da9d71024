// Languages (en, vi) without a route prefix: detection, messages and the i18next instance factory.
import type { i18n as I18n } from 'i18next';
import { createTranslator } from '#app/lib/translator.ts';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  localeFromAcceptLanguage,
  localeOf,
  locales,
  type Locale,
} from '#shared/i18n.ts';

export { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, locales, type Locale };

/** A page request's language (shared/i18n.ts's `localeOf`). */
export function detectLocale(request: Request, fallback: Locale): Locale {
  return localeOf(request.headers.get('cookie'), request.headers.get('accept-language'), fallback);
}

export function localeCookie(locale: Locale) {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export async function createI18n(
  locale: Locale,
  resources: Partial<Record<Locale, unknown>>,
): Promise<I18n> {
  return createTranslator({
    lng: locale,
    resources: Object.fromEntries(
      Object.entries(resources).map(([key, value]) => [key, { translation: value as object }]),
    ),
  });
}

/** Where a locale's messages are served; `version` names the release's messages (`?v=`, i18n.server.ts). */
export function messagesPath(locale: Locale, version?: string | null) {
  return `/_i18n/${locale}/messages.json${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** The page's preload of its messages, whose address names the release's messages (`?v=`, i18n.server.ts). */
const MESSAGES_PRELOAD = 'link[rel="preload"][data-messages]';

/**
 * Loads a locale's messages in the browser from the cacheable endpoint, at the address of the messages of the
 * release that rendered the page: the one its `<head>` preloads, for its own locale or another.
 */
export async function fetchMessages(locale: Locale): Promise<unknown> {
  const preload = document.querySelector<HTMLLinkElement>(MESSAGES_PRELOAD);
  const version = preload ? new URL(preload.href).searchParams.get('v') : null;
  const response = await fetch(messagesPath(locale, version), {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load ${locale} messages (${response.status})`);
  const body = (await response.json()) as Record<string, unknown>;
  return body[locale];
}
