// Languages (en, vi) without a route prefix: detection, messages and the i18next instance factory.
import type { i18n as I18n } from 'i18next';
import { createTranslator } from '#app/lib/translator.ts';
import { readCookie } from '#shared/cookies.ts';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  locales,
  type Locale,
} from '#shared/i18n.ts';

export { isLocale, LOCALE_COOKIE, locales, type Locale };

/** Picks the best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1, position };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.position - b.position);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLocale(base)) return base;
  }
  return undefined;
}

/** Detection order: the i18n_redirected cookie, the browser's language, then the configured default. */
export function detectLocale(request: Request, fallback: Locale): Locale {
  const fromCookie = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(request.headers.get('accept-language')) ?? fallback;
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

/** Loads a locale's messages in the browser from the cacheable endpoint. */
export async function fetchMessages(locale: Locale): Promise<unknown> {
  const response = await fetch(`/_i18n/${locale}/messages.json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load ${locale} messages (${response.status})`);
  const body = (await response.json()) as Record<string, unknown>;
  return body[locale];
}
