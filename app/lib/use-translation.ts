// The one way components read translations: `const { t, i18n } = useTranslation()`.
// react-i18next's hook of the same name copies every property of the i18next instance into a new object on each
// call during a server render (its per-component "wrapper"), and a page calls it a few dozen times: about a tenth
// of a page's server CPU. This hook reads the same instance from the same <I18nextProvider>, hands out one `t`
// per instance and language, and re-renders when the language changes, which is all the app asks of it.
import type { i18n as I18n, TFunction } from 'i18next';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import { createTranslator } from '#app/lib/translator.ts';

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

/** One `t` per instance and language, so it is stable across renders and usable as an effect dependency. */
function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) fixedTs.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = i18n.getFixedT(language)));
  return t;
}

/** Outside a provider (a component rendered alone in a unit test) keys stand for text, as with react-i18next. */
const keysOnly = createTranslator({ lng: 'cimode' });

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? keysOnly;
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const readLanguage = () => i18n.language;
  const language = useSyncExternalStore(subscribe, readLanguage, readLanguage);
  const t = fixedT(i18n, language);
  return useMemo(() => ({ t, i18n }), [t, i18n]);
}
