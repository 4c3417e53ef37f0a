import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../shared/i18n/locales/en.json';
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
 * i18next for the browser. English is bundled (it is also the fallback); Arabic and Russian are loaded on
 * demand. The choice is remembered under `winc-language` (and in a cookie of that name, so the server renders
 * pages in it) and drives `<html lang>` and `<html dir>`.
 */

type Resource = Record<string, unknown>;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Resource }>> = {
  ar: () => import('../../shared/i18n/locales/ar.json'),
  ru: () => import('../../shared/i18n/locales/ru.json'),
};

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

/** A language's strings: English is at hand, the others load on demand. */
export async function loadTranslations(language: Language): Promise<Resource> {
  return language === 'en' ? en : (await loaders[language]()).default;
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadTranslations(language), true, true);
}

/**
 * Starts i18next in `language` (the one a server-rendered page is in) or else the stored one; resolves once
 * its strings are available.
 */
export async function initI18n(language: Language = readStoredLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: 'en',
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
  });
  i18n.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyToDocument(lng);
  });
  try {
    await ensureLoaded(language);
    await i18n.changeLanguage(language);
  } catch {
    // The chunk failed to load (offline): stay in English rather than not starting.
  }
  applyToDocument(currentLanguage());
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
