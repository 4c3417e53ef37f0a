import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import ar from '../../../shared/i18n/locales/ar.json';
import en from '../../../shared/i18n/locales/en.json';
import ru from '../../../shared/i18n/locales/ru.json';

/**
 * A server-side i18next instance over the same locale files the browser uses, so what the server writes (a
 * mail, a link preview) reads exactly like the app in its reader's language. All three languages are loaded
 * up front: the files are small and nothing must wait on (or fail at) loading a translation. They are
 * imported, not read from disk, so the production bundle carries them.
 */

const LOCALES: Record<Language, Record<string, unknown>> = { ar, en, ru };

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: LOCALES[lng] }])),
  // Callers escape for HTML themselves (a mail's plain-text body must not contain entities).
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The translate function of one language. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}
