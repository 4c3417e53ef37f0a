import type { Language } from '../../shared/i18n/languages.ts';

/**
 * The app's own typefaces (Nunito; Noto Kufi Arabic for Arabic): fontsource's stylesheets, whose @font-face
 * rules the build turns into `virtual:ui-font-faces` (vite.config.ts) for `loadUiFonts` to add.
 */
export const UI_FONT_STYLESHEETS = [
  '@fontsource-variable/nunito/wght.css',
  '@fontsource-variable/noto-kufi-arabic/wght.css',
] as const;

/**
 * The font files a language's text is drawn in, by fontsource's names (the build adds a hash): the Latin (and
 * Cyrillic) Nunito, or Noto Kufi Arabic's Arabic and Latin (an Arabic page puts Kufi first). The other faces
 * load if a character needs them.
 */
export const UI_FONT_FILES: Record<Language, readonly string[]> = {
  en: ['nunito-latin-wght-normal'],
  ru: ['nunito-latin-wght-normal', 'nunito-cyrillic-wght-normal'],
  ar: ['noto-kufi-arabic-arabic-wght-normal', 'noto-kufi-arabic-latin-wght-normal'],
};
