import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';

/**
 * A server-side i18next instance over the same locale files the browser uses, so what the server writes (a
 * mail, a link preview) reads exactly like the app in its reader's language. All three languages are loaded
 * up front: the files are small and nothing must wait on (or fail at) loading a translation.
 */

const LOCALES_DIR = path.join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'locales');

function loadLocale(language: Language): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: loadLocale(lng) }])),
  // Callers escape for HTML themselves (a mail's plain-text body must not contain entities).
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The translate function of one language. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}
