import faces from 'virtual:ui-font-faces';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/i18n/languages.ts';
import { UI_FONT_FILES, UI_FONTS_LINK_ATTRIBUTE } from '../../shared/i18n/ui-fonts.ts';

/**
 * Adds the app's own typefaces to a page that did not come with them (`uiFontsComeWithPage`). Until then
 * its text is drawn in a local font stretched to Nunito's measures (web/styles/app.css). The files the page's
 * language needs are loaded first and all the faces added at once, so the page is laid out again once:
 * declared before they have loaded, it would be laid out again when they are declared and again when they
 * arrive, each a long task on a slow phone.
 */
export async function loadUiFonts(language: string): Promise<void> {
  if (document.querySelector(`link[${UI_FONTS_LINK_ATTRIBUTE}]`)) return;
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
