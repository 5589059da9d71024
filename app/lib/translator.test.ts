import { describe, expect, it } from 'vitest';
import { createTranslator } from '#app/lib/translator.ts';

const resources = {
  en: {
    translation: {
      nav: { signIn: 'Sign in' },
      rows: { episodes_one: '{{count}} episode', episodes_other: '{{count}} episodes' },
      hello: 'Hello {{name}}, {{ missing }}',
    },
  },
  vi: { translation: { rows: { episodes_other: '{{count}} tập' } } },
};

describe('createTranslator', () => {
  it('reads nested keys, interpolates, and leaves unknown variables as written', () => {
    const i18n = createTranslator({ lng: 'en', resources });
    expect(i18n.t('nav.signIn')).toBe('Sign in');
    expect(i18n.t('hello', { name: 'Lan' })).toBe('Hello Lan, {{ missing }}');
  });

  it('picks plurals by count, through the language rules, falling back to _other', () => {
    const i18n = createTranslator({ lng: 'en', resources });
    expect(i18n.t('rows.episodes', { count: 1 })).toBe('1 episode');
    expect(i18n.t('rows.episodes', { count: 3 })).toBe('3 episodes');
    expect(i18n.getFixedT('vi')('rows.episodes', { count: 1 })).toBe('1 tập');
  });

  it('answers the key, or the default value, for a missing message; cimode answers keys', () => {
    const i18n = createTranslator({ lng: 'en', resources });
    expect(i18n.t('nope.none')).toBe('nope.none');
    expect(i18n.t('nope.none', { defaultValue: 'Plan {{n}}', n: 2 })).toBe('Plan 2');
    expect(i18n.exists('nav.signIn')).toBe(true);
    expect(i18n.exists('nav.signIn', { lng: 'vi' })).toBe(false);
    expect(createTranslator({ lng: 'cimode' }).t('nav.signIn')).toBe('nav.signIn');
  });

  it('switches language with its bundle added, and tells its listeners', async () => {
    const i18n = createTranslator({ lng: 'en', resources: { en: resources.en } });
    const heard: string[] = [];
    i18n.on('languageChanged', (language: string) => heard.push(language));
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(false);
    i18n.addResourceBundle('vi', 'translation', resources.vi.translation);
    await i18n.changeLanguage('vi');
    expect(i18n.language).toBe('vi');
    expect(i18n.t('rows.episodes', { count: 2 })).toBe('2 tập');
    expect(heard).toEqual(['vi']);
  });
});
