import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../shared/i18n/languages.ts';
import { interpolate, textAt, type Messages } from '../../shared/i18n/translator.ts';

const loaded = new Map<Language, Messages>();

function messagesOf(language: Language): Messages {
  let messages = loaded.get(language);
  if (!messages) {
    const file = join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'locales', `${language}.json`);
    messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    loaded.set(language, messages);
  }
  return messages;
}

/**
 * A UI string as the app renders it (dotted key, `{{name}}` interpolation, a `context`'s form where the
 * language has one), read from the locale file.
 */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const messages = messagesOf(language);
  const found =
    (values.context ? textAt(messages, `${key}_${values.context}`) : undefined) ?? textAt(messages, key);
  if (found === undefined) throw new Error(`${language}.json has no string at ${key}`);
  return interpolate(found, values);
}

/** A translator over the locale files, so browser tests look for the texts users see in each language. */
export function localeText(
  language: Language,
): (key: string, values?: Record<string, string | number>) => string {
  return (key, values) => text(language, key, values);
}
