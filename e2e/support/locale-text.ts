import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../shared/i18n/languages.ts';

type Messages = Record<string, unknown>;

/** A translator over the locale files, so browser tests look for the texts users see in each language. */
export function localeText(
  language: Language,
): (key: string, values?: Record<string, string | number>) => string {
  const file = join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'locales', `${language}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
  return (key, values = {}) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`${language}.json has no string at ${key}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? ''));
  };
}
