import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { FontFamily } from '../../../shared/cards/card-rules.ts';
import { sfntOfWoff } from '../../platform/media/woff-to-sfnt.ts';

/** The scripts a card's font stack names a face for (decision 0009). */
export type Script = 'latin' | 'cyrillic' | 'arabic';

const require = createRequire(import.meta.url);
const file = (family: string, subset: Script, weight = 400) =>
  `@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`;

/**
 * The faces the PDF falls back to (OFL, bundled by npm): Noto Sans for Latin and Cyrillic, Amiri for Arabic.
 * They draw the card's 'default' font and any character the card's own faces lack.
 */
const FALLBACK: Readonly<Record<Script, string>> = {
  latin: file('noto-sans', 'latin'),
  cyrillic: file('noto-sans', 'cyrillic'),
  arabic: file('amiri', 'arabic'),
};

const both = (family: string, weight = 400) => ({
  latin: file(family, 'latin', weight),
  cyrillic: file(family, 'cyrillic', weight),
});

/**
 * The files of each card font's faces per script: the same look-alikes as the browser's stacks
 * (`web/lib/card-fonts.ts`, decision 0009), as the WOFF files Fontsource ships beside the WOFF2 ones. The
 * stacks' Arabic face is Noto Kufi Arabic for the sans fonts, a variable WOFF2 that fontkit's subsetter
 * breaks: those cards' Arabic takes the Amiri fallback.
 */
const CARD_FACES: Readonly<Record<FontFamily, Partial<Record<Script, string>>>> = {
  default: {},
  Arial: both('arimo'),
  Helvetica: both('arimo'),
  Times: { ...both('tinos'), arabic: file('amiri', 'arabic') },
  Georgia: {
    latin: file('gelasio', 'latin'),
    cyrillic: file('pt-serif', 'cyrillic'),
    arabic: file('amiri', 'arabic'),
  },
  Verdana: both('noto-sans'),
  Cursive: { ...both('caveat'), arabic: file('aref-ruqaa', 'arabic') },
  Fantasy: { ...both('lobster'), arabic: file('lalezar', 'arabic') },
  Impact: { ...both('oswald', 600), arabic: file('lalezar', 'arabic') },
  Papyrus: { ...both('kurale'), arabic: file('aref-ruqaa', 'arabic') },
  'Brush Script': { ...both('marck-script'), arabic: file('aref-ruqaa', 'arabic') },
  'Lucida Handwriting': { ...both('bad-script'), arabic: file('aref-ruqaa', 'arabic') },
  Chiller: { ...both('rubik-wet-paint'), arabic: file('lalezar', 'arabic') },
  Creepster: {
    latin: file('creepster', 'latin'),
    cyrillic: file('rubik-wet-paint', 'cyrillic'),
    arabic: file('lalezar', 'arabic'),
  },
  Halloween: {
    latin: file('nosifer', 'latin'),
    cyrillic: file('rubik-wet-paint', 'cyrillic'),
    arabic: file('lalezar', 'arabic'),
  },
  Gothic: {
    latin: file('unifrakturmaguntia', 'latin'),
    cyrillic: file('ruslan-display', 'cyrillic'),
    arabic: file('blaka', 'arabic'),
  },
  Spooky: { ...both('rubik-beastly'), arabic: file('lalezar', 'arabic') },
  Monospace: both('cousine'),
  'Comic Sans': { ...both('comic-relief'), arabic: file('marhey', 'arabic') },
  Trebuchet: both('fira-sans'),
};

const loaded = new Map<string, fontkit.Font>();

/**
 * A face, read and unwrapped once per process and shared by every PDF made after (fontkit's parsed tables and
 * glyphs are kept with it; each PDF embeds its own subset).
 */
export function faceOf(path: string): fontkit.Font {
  let font = loaded.get(path);
  if (!font) {
    font = fontkit.create(sfntOfWoff(fs.readFileSync(require.resolve(path))));
    loaded.set(path, font);
  }
  return font;
}

/**
 * The faces a card's text may be drawn with, per script, in the order tried: the card font's face, then the
 * fallback. An unknown font name (an older card) gets the fallback only.
 */
export function faceChainsOf(fontFamily: string): Record<Script, string[]> {
  const own: Partial<Record<Script, string>> = CARD_FACES[fontFamily as FontFamily] ?? {};
  const chain = (script: Script) => [
    ...new Set([own[script], FALLBACK[script]].filter((p) => p !== undefined)),
  ];
  return { latin: chain('latin'), cyrillic: chain('cyrillic'), arabic: chain('arabic') };
}

/**
 * Loads the fallback faces, which every PDF uses, and shapes their alphabets, which makes fontkit read their
 * substitution and positioning tables and their letters' metrics and outlines: the work a first PDF would
 * otherwise do on its request.
 */
export function preloadFallbackFaces(): void {
  const alphabets: Record<Script, string> = {
    latin: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,;:!?()\'"-/',
    cyrillic: 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ абвгдеёжзийклмнопрстуфхцчшщъыьэюя',
    arabic: 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي ءآأؤإئةى ١٢٣٤٥٦٧٨٩٠ ،؛؟',
  };
  for (const script of Object.keys(FALLBACK) as Script[]) {
    // Reading each glyph's outline decodes it once (fontkit keeps it): lines with Arabic are drawn as outlines.
    for (const glyph of faceOf(FALLBACK[script]).layout(alphabets[script]).glyphs) void glyph.path;
  }
}
