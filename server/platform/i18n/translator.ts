import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import ar from '../../../shared/i18n/locales/ar.json';
import en from '../../../shared/i18n/locales/en.json';
import ru from '../../../shared/i18n/locales/ru.json';
import { createTranslator, type Messages, type TFunction } from '../../../shared/i18n/translator.ts';

/**
 * The app's translator over the same locale files the browser uses, so what the server writes (a mail, a
 * link preview) reads exactly like the app in its reader's language. All three languages are loaded up
 * front: the files are small and nothing must wait on (or fail at) loading a translation. They are imported,
 * not read from disk, so the production bundle carries them. Texts come unescaped: callers escape for HTML
 * themselves (a mail's plain-text body must not contain entities).
 */

const messages: Record<Language, Messages> = { ar, en, ru };

const translators = new Map(
  LANGUAGES.map((language) => [
    language,
    createTranslator(language, messages[language], messages[DEFAULT_LANGUAGE]),
  ]),
);

/** The translate function of one language. */
export function translatorFor(language: Language): TFunction {
  return translators.get(language)!.t;
}
