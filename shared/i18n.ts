// The languages Phim speaks (en, vi, without a route prefix), the cookie that remembers the choice, and how a
// request's language is found (the pages render in it; the server's page cache keeps each language apart).
import { readCookie } from './cookies.ts';

export const locales = ['vi', 'en'] as const;
export type Locale = (typeof locales)[number];

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

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
export function localeOf(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  fallback: Locale,
): Locale {
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? fallback;
}
