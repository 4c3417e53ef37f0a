import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/**
 * The app's translator, the same for the browser and the server (docs/decisions/0024-own-translator.md): a
 * language's strings (the locale files' nested sections, or some of them) and a dotted key give a string.
 * It reads the locale files as they are written for i18next's JSON v4 format, the parts of it they use:
 * - `{{name}}` is replaced by the value `name` (as text, unescaped: React escapes, and so do the mails'
 *   HTML renderers); a value that is null or undefined gives nothing, a name without a value stays as it is.
 * - A key given a numeric `count` takes its plural form, `key_one`, `key_few`… by the language's plural
 *   rules (`Intl.PluralRules`), `key_zero` first when the count is 0, and `key` itself when the form is
 *   missing.
 * - A key given a `context` takes its context's form, `key_{context}` (and its plural forms), when the
 *   language has one, and `key` itself otherwise: Russian has "ты" and "вы" forms (`_informal`) where English
 *   and Arabic have one text.
 * - A key missing in the language is looked up in the fallback's strings (English, when loaded), and a key
 *   found in neither comes back as the key itself.
 */

export interface Messages {
  readonly [key: string]: string | Messages;
}

export type TranslationValues = Readonly<Record<string, unknown>>;

/** Translates a dotted key (`'editor.title'`), with the values its text names. */
export type TFunction = (key: string, values?: TranslationValues) => string;

export interface Translator {
  language: Language;
  t: TFunction;
  /** Whether the key has a text, in the language or its fallback. */
  exists: (key: string) => boolean;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralRulesOf(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** The text at a dotted key, if it is one. */
export function textAt(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** `{{name}}` replaced by `values.name`. */
export function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    if (value === null || value === undefined) return '';
    const primitive = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return primitive ? String(value) : JSON.stringify(value);
  });
}

/**
 * A translator of `language` over its `messages`, falling back on the default language's strings (when they
 * are at hand) for a key the language lacks.
 */
export function createTranslator(language: Language, messages: Messages, fallback?: Messages): Translator {
  const sources: [Language, Messages][] = [[language, messages]];
  if (fallback && fallback !== messages) sources.push([DEFAULT_LANGUAGE, fallback]);

  const lookup = (key: string, count: unknown, context: unknown): string | undefined => {
    const keys = typeof context === 'string' && context ? [`${key}_${context}`, key] : [key];
    for (const [lng, strings] of sources) {
      for (const name of keys) {
        if (typeof count === 'number') {
          const form = pluralRulesOf(lng).select(count);
          for (const suffix of count === 0 ? ['zero', form] : [form]) {
            const text = textAt(strings, `${name}_${suffix}`);
            if (text !== undefined) return text;
          }
        }
        const text = textAt(strings, name);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  };

  return {
    language,
    t: (key, values) => interpolate(lookup(key, values?.count, values?.context) ?? key, values),
    exists: (key) => lookup(key, undefined, undefined) !== undefined,
  };
}
