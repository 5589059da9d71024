import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

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
