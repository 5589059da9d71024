import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/locales/index.ts';
import { createI18n } from './i18n.ts';
import { quickT, useTranslation } from './use-translation.ts';

const resources = { en: { hello: 'Hello {{name}}' }, vi: { hello: 'Xin chào {{name}}' } };

describe('useTranslation', () => {
  it('translates in the provider’s language, and follows a language change', async () => {
    const i18n = await createI18n('vi', resources);
    const seen: TFunction[] = [];
    function Greeting() {
      const { t, i18n: instance } = useTranslation();
      seen.push(t);
      return <p lang={instance.language}>{t('hello', { name: 'Lan' })}</p>;
    }
    const render = () =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <Greeting />
          <Greeting />
        </I18nextProvider>,
      );
    expect(render()).toBe('<p lang="vi">Xin chào Lan</p><p lang="vi">Xin chào Lan</p>');
    // One `t` per language, shared by every component: stable as an effect dependency.
    expect(seen[0]).toBe(seen[1]);
    await i18n.changeLanguage('en');
    expect(render()).toBe('<p lang="en">Hello Lan</p><p lang="en">Hello Lan</p>');
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[2]).toBe(seen[3]);
  });

  it('gives keys for text outside a provider, as react-i18next does', () => {
    function Orphan() {
      const { t } = useTranslation();
      return <p>{t('hello', { name: 'Lan' })}</p>;
    }
    expect(renderToStaticMarkup(<Orphan />)).toBe('<p>hello</p>');
  });
});

const quickMessages = {
  plain: 'Follow',
  one: 'More for {{title}}',
  spaced: 'Hello {{ name }}!',
  twice: '{{a}} and {{a}}',
  two: '{{a}} of {{b}}',
  nested: 'See $t(plain)',
  formatted: 'Now {{when, datetime}}',
  unescaped: 'Raw {{-html}}',
  episodes_one: '{{count}} episode',
  episodes_other: '{{count}} episodes',
  both: 'Base {{count}}',
  both_other: 'Plural {{count}}',
  mood: 'Mood',
  mood_happy: 'Happy mood',
  group: { inner: 'Inner {{x}}' },
};

describe('quickT', async () => {
  const i18n = await createI18n('en', { en: { ...quickMessages, real: messages.en } });
  const full = i18n.getFixedT('en');
  const quick = quickT(i18n, 'en');
  const calls: Array<[string, unknown?]> = [
    ['plain'],
    ['plain'],
    ['one', { title: 'Người Nhện <b>' }],
    ['one', { title: 'x' }],
    ['one', { title: 42 }],
    ['one', { title: 'x', extra: 'y' }],
    ['one', {}],
    ['one', { title: null }],
    ['one', { title: 'x', lng: 'vi' }],
    ['spaced', { name: 'An' }],
    ['twice', { a: 'x' }],
    ['two', { a: 1, b: 2 }],
    ['two', { a: 1 }],
    ['nested'],
    ['formatted', { when: new Date(0) }],
    ['unescaped', { html: '<i>' }],
    ['episodes', { count: 1 }],
    ['episodes', { count: 5 }],
    ['both', { count: 5 }],
    ['mood', { context: 'happy' }],
    ['group.inner', { x: 'y' }],
    ['missing'],
    ['missing', { a: 'b' }],
    ['one', 'default text'],
    ['real.follows.cardMenu', { title: 'Mắt Biếc' }],
    ['real.follows.follow'],
  ];

  it('answers every call as i18next does', () => {
    for (const [key, options] of calls) {
      const expected = options === undefined ? full(key) : full(key, options as never);
      const got = options === undefined ? quick(key) : quick(key, options as never);
      expect({ key, options, got }).toEqual({ key, options, got: expected });
    }
  });

  it('answers anew once messages are added (the browser loading a language)', () => {
    expect(quick('later')).toBe('later');
    expect(quick('plain')).toBe('Follow');
    i18n.addResourceBundle(
      'en',
      'translation',
      { later: 'Arrived', plain: 'Follow now' },
      true,
      true,
    );
    expect(quick('later')).toBe('Arrived');
    expect(quick('plain')).toBe('Follow now');
  });
});
