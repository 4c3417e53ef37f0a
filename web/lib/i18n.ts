import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  isLanguage,
  textDirection,
  type Language,
} from '../../shared/i18n/languages.ts';

/**
 * i18next for the browser. Each entry says where its strings come from (`Translations`): the app loads a
 * language's whole file, the recipient page only its own part; either way only the languages shown are
 * loaded (the three files have the same keys, so none needs English to fall back on). The choice is
 * remembered under `winc-language` (and in a cookie of that name, so the server renders pages in it) and
 * drives `<html lang>` and `<html dir>`.
 */

export type Resource = Record<string, unknown>;

/** A language's strings, as one entry of the app needs them. */
export type Translations = (language: Language) => Promise<Resource>;

let translations: Translations = () => Promise.reject(new Error('initI18n was not called'));

export const i18n = i18next.createInstance();

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // Storage blocked (privacy mode): use the default.
  }
}

/** The options of every i18next instance of the app, the browser's and the server's. */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
} as const;

/** Tells the server the language too, so its next page comes in it. */
export function rememberLanguageForServer(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function storeLanguage(language: Language): void {
  rememberLanguageForServer(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered on this device; the switch still applies to this visit.
  }
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = textDirection(language);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await translations(language), true, true);
}

/**
 * Starts i18next with the strings of `from` in `language` (the one a server-rendered page is in) or else the
 * stored one; resolves once its strings are available. If they cannot be loaded (offline), English is tried.
 */
export async function initI18n(from: Translations, language: Language = readStoredLanguage()): Promise<void> {
  translations = from;
  let shown = language;
  let strings: Resource;
  try {
    strings = await translations(language);
  } catch (error) {
    if (language === DEFAULT_LANGUAGE) throw error;
    shown = DEFAULT_LANGUAGE;
    strings = await translations(shown);
  }
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: shown,
    resources: { [shown]: { translation: strings } },
    partialBundledLanguages: true,
  });
  i18n.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyToDocument(lng);
  });
  applyToDocument(currentLanguage());
}

/** Whether the server already knows the language this device chose (see `rememberLanguageForServer`). */
export function serverKnowsLanguage(): boolean {
  return document.cookie.split('; ').some((entry) => entry.startsWith(`${LANGUAGE_COOKIE}=`));
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

let shownRequest = 0;

/**
 * Shows the pages in a language for this visit only, leaving the device's remembered choice alone (a shared
 * card opens in its own language, DESIGN §1.17). When calls overlap, the latest one wins.
 */
export async function showLanguage(language: Language): Promise<void> {
  const request = ++shownRequest;
  await ensureLoaded(language);
  if (request === shownRequest) await i18n.changeLanguage(language);
}

/** Switches the UI language, remembers it on the device and updates `<html lang dir>`. */
export async function changeLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  storeLanguage(language);
}
