import faces from 'virtual:ui-font-faces';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/i18n/languages.ts';
import { UI_FONT_FILES } from './ui-font-files.ts';

/**
 * Adds the app's own typefaces to the page once its first screen has been painted, in every language
 * (docs/decisions/0018-first-paint.md). Until then its text is drawn in a local font: for Latin text one
 * stretched to Nunito's measures (web/styles/app.css). The files the page's language needs are loaded first
 * and all the faces added at once, so the page is laid out again once: declared before they have loaded, it
 * would be laid out again when they are declared and again when they arrive, each a long task on a slow phone.
 */
export async function loadUiFonts(language: string): Promise<void> {
  const first = UI_FONT_FILES[isLanguage(language) ? language : DEFAULT_LANGUAGE];
  const all = faces.map(({ family, file, url, descriptors }) => ({
    file,
    face: new FontFace(family, `url(${url}) format('woff2')`, descriptors),
  }));
  await Promise.all(
    all.filter(({ file }) => first.includes(file)).map(({ face }) => face.load().catch(() => undefined)),
  );
  for (const { face } of all) document.fonts.add(face);
}
