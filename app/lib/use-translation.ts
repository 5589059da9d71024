// The one way components read translations: `const { t, i18n } = useTranslation()`.
// react-i18next's hook of the same name copies every property of the i18next instance into a new object on each
// call during a server render (its per-component "wrapper"), and a page calls it a few dozen times: about a tenth
// of a page's server CPU. This hook reads the same instance from the same <I18nextProvider>, hands out one `t`
// per instance and language, and re-renders when the language changes, which is all the app asks of it.
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

/** One `t` per instance and language, so it is stable across renders and usable as an effect dependency. */
function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) fixedTs.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = quickT(i18n, language)));
  return t;
}

/** `{{name}}`, i18next's default interpolation of a plain variable (no format, no path, no unescape prefix). */
const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;
/** What only i18next itself does: nesting, formats, unescaped or nested variables. */
const NOT_PLAIN = /\$t\(|\{\{(?!\s*\w+\s*\}\})/;

/**
 * i18next's `t` for one language, with its two commonest calls answered from what it answered before: a key alone,
 * and a key whose message only puts plain `{{variables}}` in, given exactly those variables as strings or numbers
 * (a card's "More for {{title}}"). i18next redoes the option merging, the lookup and its interpolation's regular
 * expressions on every call (tens of µs each; a page with a hundred cards spent a tenth of its render there); what
 * it would do differently (plurals, context, defaults, formats, nesting, a missing key) still goes to it. Values are
 * put in as they are, as with `escapeValue: false` (React escapes them), and never nested, as with i18next's own
 * `skipOnVariables`.
 */
export function quickT(i18n: I18n, language: string): TFunction {
  const fixed = i18n.getFixedT(language);
  const full = fixed as unknown as Untyped;
  const texts = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  // Messages added later (the browser loads a language's) may change answers: start again.
  i18n.store?.on('added', () => {
    texts.clear();
    templates.clear();
  });
  const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 0) return full(key, options, ...rest);
    if (options === undefined) {
      let text = texts.get(key);
      if (text === undefined) {
        text = full(key) as string;
        // A missing key answers itself; it is not kept, as its message may arrive.
        if (typeof text === 'string' && i18n.exists(key, { lng: language })) texts.set(key, text);
      }
      return text;
    }
    let template = templates.get(key);
    if (template === undefined) {
      const message: unknown = i18n.getResource(language, 'translation', key);
      template =
        typeof message === 'string' && !NOT_PLAIN.test(message)
          ? { message, names: new Set(Array.from(message.matchAll(VARIABLE), (m) => m[1]!)) }
          : null;
      templates.set(key, template);
    }
    const values = options as Record<string, unknown>;
    if (template === null || !hasExactly(template.names, values)) return full(key, options);
    return template.message.replace(VARIABLE, (_match, name: string) => String(values[name]));
  };
  return Object.assign(t, { lng: language }) as unknown as TFunction;
}
type Template = { message: string; names: Set<string> };
type Untyped = (...args: unknown[]) => unknown;

/** True when `values` has the template's variables and nothing else, each a string or a number. */
function hasExactly(names: Set<string>, values: Record<string, unknown>): boolean {
  // A count picks a plural form, a context its variant: i18next's to choose.
  if (typeof values !== 'object' || values === null || 'count' in values || 'context' in values)
    return false;
  let given = 0;
  for (const name in values) {
    const value = values[name];
    if (!names.has(name) || (typeof value !== 'string' && typeof value !== 'number')) return false;
    given++;
  }
  return given === names.size;
}
/** Outside a provider (a component rendered alone in a unit test) keys stand for text, as with react-i18next. */
const keysOnly = createInstance();
void keysOnly.init({ lng: 'cimode', resources: {}, initAsync: false });

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
