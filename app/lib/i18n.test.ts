import { describe, expect, it } from 'vitest';
import { messages } from '#shared/locales/index.ts';
import { readCookie } from '#shared/cookies.ts';
import { detectLocale, localeCookie, localeFromAcceptLanguage } from './i18n.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('messages', () => {
  it('has every key in both languages', () => {
    const en = keys(messages.en).sort();
    const vi = keys(messages.vi).sort();
    expect(en.filter((key) => !vi.includes(key))).toEqual([]);
    expect(vi.filter((key) => !en.includes(key))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const locale of ['en', 'vi'] as const) {
      const empty = keys(messages[locale]).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            messages[locale],
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });
});

describe('locale detection', () => {
  const request = (headers: Record<string, string>) => new Request('http://x/', { headers });

  it('prefers the i18n_redirected cookie', () => {
    expect(
      detectLocale(request({ cookie: 'a=1; i18n_redirected=en', 'accept-language': 'vi' }), 'vi'),
    ).toBe('en');
  });

  it('then the browser language, honouring q-values', () => {
    expect(detectLocale(request({ 'accept-language': 'fr-FR,en-US;q=0.8,vi;q=0.9' }), 'en')).toBe(
      'vi',
    );
    expect(localeFromAcceptLanguage('en-GB')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(localeFromAcceptLanguage('vi;q=0, en;q=0.1')).toBe('en');
  });

  it('then the configured default', () => {
    expect(detectLocale(request({}), 'vi')).toBe('vi');
    expect(detectLocale(request({ cookie: 'i18n_redirected=fr' }), 'en')).toBe('en');
  });

  it('reads cookies safely', () => {
    expect(readCookie('a=%E0%A4%A', 'a')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
  });

  it('writes the cookie for a year at the site root, SameSite Lax', () => {
    expect(localeCookie('en')).toBe('i18n_redirected=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
