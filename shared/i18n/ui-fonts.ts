import type { Language } from './languages.ts';

/**
 * The app's own typefaces (Nunito, Noto Kufi Arabic; fontsource's `web/styles/ui-fonts.css`) and when a page
 * gets them (docs/decisions/0018-first-paint.md).
 */

/** The stylesheet declaring them, by its key in the build's manifest. */
export const UI_FONTS_STYLESHEET = 'styles/ui-fonts.css';

/** The attribute that marks the server's link to that stylesheet in a page. */
export const UI_FONTS_LINK_ATTRIBUTE = 'data-ui-fonts';

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

/**
 * Whether a page in this language comes with the typefaces declared and its files preloaded, so that its
 * text is drawn in them from the first paint. English text is first drawn in a local font stretched to
 * Nunito's measures and the app adds the typefaces once the first screen has been painted: nothing moves
 * when they arrive, and their 40 KB do not share a slow network with the first screen. Cyrillic and Arabic
 * have no local stand-in of the same measures: Lighthouse measured layout shifts of 0.08 (Russian) and
 * 0.21–0.24 (Arabic) on home when their text changed font after the first paint.
 */
export function uiFontsComeWithPage(language: Language): boolean {
  return language !== 'en';
}
