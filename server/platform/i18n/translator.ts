import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import { createTranslator, type Messages, type TFunction } from '../../../shared/i18n/translator.ts';

/**
 * The app's translator over the same locale files the browser uses, so what the server writes (a mail, a
 * link preview) reads exactly like the app in its reader's language. All three languages are loaded up
 * front: the files are small and nothing must wait on (or fail at) loading a translation. Texts come
 * unescaped: callers escape for HTML themselves (a mail's plain-text body must not contain entities).
 */

const LOCALES_DIR = path.join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'locales');

function loadLocale(language: Language): Messages {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Messages;
}

const messages = new Map(LANGUAGES.map((language) => [language, loadLocale(language)]));

const translators = new Map(
  LANGUAGES.map((language) => [
    language,
    createTranslator(language, messages.get(language)!, messages.get(DEFAULT_LANGUAGE)),
  ]),
);

/** The translate function of one language. */
export function translatorFor(language: Language): TFunction {
  return translators.get(language)!.t;
}
