// The languages Phim speaks (en, vi, without a route prefix) and the cookie that remembers the choice.

export const locales = ['vi', 'en'] as const;
export type Locale = (typeof locales)[number];

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
