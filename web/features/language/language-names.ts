import type { Language } from '../../../shared/i18n/languages.ts';

/** Each language named in itself, as language pickers do (not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  ru: 'Русский',
};
