/** The UI languages (SPEC §1): English by default, Arabic right-to-left, Russian. */
export const LANGUAGES = ['en', 'ar', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself, as language pickers do (not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  ru: 'Русский',
};

/** Device storage key that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'winc-language';

/** The cookie that tells the server the chosen language, so the pages it renders are already in it. */
export const LANGUAGE_COOKIE = 'winc-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** A translatable catalog name: the canonical (English) name plus optional translations. */
export type Translations = Partial<Record<Exclude<Language, 'en'>, string>>;

export function localizedName(
  name: string,
  translations: Translations | undefined,
  language: Language,
): string {
  if (language === 'en') return name;
  return translations?.[language] || name;
}

/** Request header carrying the UI language (en/ar/ru), so mails go out in it. Send it on every /api/auth call. */
export const LANGUAGE_HEADER = 'x-winc-language';
