// The part of i18next the app uses, in a few lines instead of its 14 KB (brotli) on every page (decision 056):
// nested keys, `{{name}}` interpolation (no escaping: React escapes), plurals by `count` (`key_one`, `key_other`…
// through Intl.PluralRules), `defaultValue`, `getFixedT`, `exists`, resource bundles and `languageChanged`. Typed as
// i18next's instance so the components keep its types; `cimode` answers keys, as i18next does.
import type { i18n as I18n, TFunction } from 'i18next';

type Messages = Record<string, unknown>;
type Options = Record<string, unknown> & { defaultValue?: unknown; lng?: string; count?: number };

export type TranslatorInit = {
  lng: string;
  resources?: Record<string, { translation: object }>;
};

export function createTranslator({ lng, resources = {} }: TranslatorInit): I18n {
  const bundles = new Map<string, Messages>(
    Object.entries(resources).map(([language, namespaces]) => [
      language,
      namespaces.translation as Messages,
    ]),
  );
  const listeners = new Set<(language: string) => void>();
  const plurals = new Map<string, Intl.PluralRules>();

  const lookup = (language: string, key: string): unknown => {
    let node: unknown = bundles.get(language);
    for (const part of key.split('.')) {
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Messages)[part];
    }
    return node;
  };

  const resolve = (language: string, key: string, options: Options): string | undefined => {
    if (typeof options.count === 'number') {
      let rules = plurals.get(language);
      if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
      for (const suffix of [rules.select(options.count), 'other']) {
        const found = lookup(language, `${key}_${suffix}`);
        if (typeof found === 'string') return found;
      }
    }
    const found = lookup(language, key);
    return typeof found === 'string' ? found : undefined;
  };

  const interpolate = (text: string, options: Options) =>
    text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? match : String(value);
    });

  const translate = (language: string, key: string | string[], options: Options = {}): string => {
    if (language === 'cimode') return Array.isArray(key) ? key[0]! : key;
    for (const candidate of Array.isArray(key) ? key : [key]) {
      const text = resolve(language, candidate, options);
      if (text !== undefined) return interpolate(text, options);
    }
    const fallback = options.defaultValue;
    if (typeof fallback === 'string') return interpolate(fallback, options);
    return Array.isArray(key) ? key[0]! : key;
  };

  const fixed = (language: string) =>
    ((key: string | string[], options?: Options | string) =>
      translate(
        (typeof options === 'object' && options.lng) || language,
        key,
        typeof options === 'string' ? { defaultValue: options } : options,
      )) as unknown as TFunction;

  const instance = {
    language: lng,
    get languages() {
      return [instance.language];
    },
    isInitialized: true,
    t: ((key: string | string[], options?: Options | string) =>
      fixed(instance.language)(key as never, options as never)) as unknown as TFunction,
    getFixedT: (language?: string | null) => fixed(language ?? instance.language),
    exists: (key: string, options: Options = {}) =>
      resolve(options.lng ?? instance.language, key, options) !== undefined,
    hasResourceBundle: (language: string) => bundles.has(language),
    addResourceBundle: (language: string, _namespace: string, messages: object) => {
      bundles.set(language, { ...bundles.get(language), ...(messages as Messages) });
      return instance;
    },
    getResourceBundle: (language: string) => bundles.get(language),
    changeLanguage: async (language: string) => {
      if (language !== instance.language) {
        instance.language = language;
        for (const listener of listeners) listener(language);
      }
      return instance.t;
    },
    on: (event: string, listener: (language: string) => void) => {
      if (event === 'languageChanged') listeners.add(listener);
      return instance;
    },
    off: (event: string, listener: (language: string) => void) => {
      if (event === 'languageChanged') listeners.delete(listener);
      return instance;
    },
    // react-i18next's provider and hooks read these.
    options: { react: {} },
    reportNamespaces: { addUsedNamespaces: () => {}, getUsedNamespaces: () => ['translation'] },
  };
  return instance as unknown as I18n;
}
