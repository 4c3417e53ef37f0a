import type { Language } from '../../shared/i18n/languages.ts';
import type { Resource, Translations } from './i18n.ts';

const files: Record<Language, () => Promise<{ default: Resource }>> = {
  en: () => import('../../shared/i18n/locales/en.json'),
  ar: () => import('../../shared/i18n/locales/ar.json'),
  ru: () => import('../../shared/i18n/locales/ru.json'),
};

/** The app's strings: a language's whole file, loaded when the language is shown (the server names it in the page). */
export const appTranslations: Translations = async (language) => (await files[language]()).default;
