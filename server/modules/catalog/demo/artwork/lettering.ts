import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { textDirection, type Language } from '../../../../../shared/i18n/languages.ts';
import type { Lettering, Rect, Scene, StyleKey } from './design.ts';
import type { Palette } from './palettes.ts';
import { leaf, n } from './shapes.ts';

// ---------------------------------------------------------------------------------------------------------
// Fonts and lettering

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };
interface GlyphPath {
  commands: readonly PathCommand[];
  getBoundingBox(): Box;
}
interface Glyph {
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): GlyphPath;
}
/** Path.toPathData is not used: its decimal rounding turns values a hair off an integer into "NaN". */
function pathData(commands: readonly PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'Z') d += 'Z';
    else if (c.type === 'Q') d += `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'C') d += `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
    else d += `${c.type}${n(c.x)} ${n(c.y)}`;
  }
  return d;
}

/**
 * The slice of opentype.js used here (the package ships no type declarations). Latin and Cyrillic glyphs are
 * laid out one by one rather than through Font.getPath: its shaping pass throws on a GSUB lookup type it does
 * not support, which the Playfair Display italic build contains, and display Latin and Cyrillic need nothing
 * beyond kerning. Arabic is shaped (joining forms, the lam-alef ligature, right-to-left order) by
 * Font.stringToGlyphs, which the Arabic faces below support.
 */
interface Font {
  unitsPerEm: number;
  charToGlyph(char: string): Glyph;
  charToGlyphIndex(char: string): number;
  stringToGlyphs(text: string): Glyph[];
  getKerningValue(left: Glyph, right: Glyph): number;
}
interface OpenType {
  parse(buffer: ArrayBuffer): Font;
}

/** The lettering's roles; each language sets them in faces that have its letters. */
type FontRole = 'script' | 'serif' | 'serifRegular' | 'serifItalic' | 'sansLight' | 'sans' | 'sansBold';

const fontsource = (family: string, subset: string, weight: number, italic = false) =>
  `@fontsource/${family}/files/${family}-${subset}-${weight}-${italic ? 'italic' : 'normal'}.woff`;

/**
 * The fonts of each role, per language, first choice first. The Cyrillic and Arabic files of a family hold
 * only those letters, so the same family's Latin file follows for spaces, digits and punctuation. Cyrillic
 * swaps the faces without Cyrillic letters (Pacifico's has none that join, Poppins none at all) for the
 * closest that have them; Arabic sets everything in Marhey, a rounded display face, with Lalezar for the bold
 * caps role (Arabic has no capitals: a heavy face plays their part).
 */
const FONT_FILES: Record<Language, Record<FontRole, string[]>> = {
  en: {
    script: [fontsource('pacifico', 'latin', 400)],
    serif: [fontsource('playfair-display', 'latin', 700)],
    serifRegular: [fontsource('playfair-display', 'latin', 400)],
    serifItalic: [fontsource('playfair-display', 'latin', 500, true)],
    sansLight: [fontsource('poppins', 'latin', 300)],
    sans: [fontsource('poppins', 'latin', 500)],
    sansBold: [fontsource('poppins', 'latin', 800)],
  },
  ru: {
    script: [fontsource('lobster', 'cyrillic', 400), fontsource('lobster', 'latin', 400)],
    serif: [fontsource('playfair-display', 'cyrillic', 700), fontsource('playfair-display', 'latin', 700)],
    serifRegular: [
      fontsource('playfair-display', 'cyrillic', 400),
      fontsource('playfair-display', 'latin', 400),
    ],
    serifItalic: [
      fontsource('playfair-display', 'cyrillic', 500, true),
      fontsource('playfair-display', 'latin', 500, true),
    ],
    sansLight: [fontsource('fira-sans', 'cyrillic', 300), fontsource('fira-sans', 'latin', 300)],
    sans: [fontsource('fira-sans', 'cyrillic', 500), fontsource('fira-sans', 'latin', 500)],
    sansBold: [fontsource('fira-sans', 'cyrillic', 800), fontsource('fira-sans', 'latin', 800)],
  },
  ar: {
    script: [fontsource('marhey', 'arabic', 700), fontsource('marhey', 'latin', 700)],
    serif: [fontsource('marhey', 'arabic', 600), fontsource('marhey', 'latin', 600)],
    serifRegular: [fontsource('marhey', 'arabic', 500), fontsource('marhey', 'latin', 500)],
    serifItalic: [fontsource('marhey', 'arabic', 600), fontsource('marhey', 'latin', 600)],
    sansLight: [fontsource('marhey', 'arabic', 300), fontsource('marhey', 'latin', 300)],
    sans: [fontsource('marhey', 'arabic', 500), fontsource('marhey', 'latin', 500)],
    sansBold: [fontsource('lalezar', 'arabic', 400), fontsource('lalezar', 'latin', 400)],
  },
};

/** A language's fonts by role, and whether its lines run right to left. */
export interface CoverFonts {
  language: Language;
  rtl: boolean;
  roles: Record<FontRole, Font[]>;
}

const parsedFiles = new Map<string, Font>();
const cachedFonts = new Map<Language, CoverFonts>();

/** Parsed once per process: parsing is the slow part of opentype.js. */
export function loadCoverFonts(language: Language = 'en'): CoverFonts {
  const cached = cachedFonts.get(language);
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const opentype = require('opentype.js') as OpenType;
  const parse = (specifier: string): Font => {
    let font = parsedFiles.get(specifier);
    if (!font) {
      const file = readFileSync(require.resolve(specifier));
      font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
      parsedFiles.set(specifier, font);
    }
    return font;
  };
  const roles = Object.fromEntries(
    Object.entries(FONT_FILES[language]).map(([role, files]) => [role, files.map(parse)]),
  ) as Record<FontRole, Font[]>;
  const fonts: CoverFonts = { language, rtl: textDirection(language) === 'rtl', roles };
  cachedFonts.set(language, fonts);
  return fonts;
}

interface Face {
  /** First choice first: each character is set in the first that has it. */
  fonts: Font[];
  /** Letter spacing in em (never between joined Arabic letters). */
  spacing: number;
  upper: boolean;
  /** Size relative to the block's main size. */
  scale: number;
  /** How far (em) two stacked lines of this face may interleave: swash scripts tuck descenders in. */
  overlap: number;
  /** Lines run right to left (Arabic). */
  rtl: boolean;
}

interface SetLine {
  d: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function faceText(face: Face, text: string): string {
  // Typographic apostrophes look far better in display type than the typewriter one.
  const curly = text.replace(/'/g, '\u2019');
  return face.upper ? curly.toUpperCase() : curly;
}

interface Run {
  font: Font;
  glyphs: Glyph[];
  /** Shaped Arabic: its glyphs join, so no letter spacing or kerning between them. */
  joined: boolean;
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * A line as runs of glyphs in visual order, left to right. Characters go to the first font that has them;
 * consecutive ones of a font form a run. Right to left, the runs are reversed (a digit or Latin run keeps its
 * own order inside) and Arabic runs are shaped, which also orders their glyphs visually.
 */
function shapeRuns(face: Face, content: string): Run[] {
  const runs: { font: Font; text: string }[] = [];
  for (const char of content) {
    const font = face.fonts.find((f) => f.charToGlyphIndex(char) > 0) ?? face.fonts[0]!;
    const last = runs[runs.length - 1];
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  const shaped = runs.map(({ font, text }): Run => {
    const joined = face.rtl && ARABIC.test(text);
    return {
      font,
      glyphs: joined ? font.stringToGlyphs(text) : Array.from(text, (char) => font.charToGlyph(char)),
      joined,
    };
  });
  return face.rtl ? shaped.reverse() : shaped;
}

function runGlyphs(face: Face, content: string, size: number, x: number, baseline: number): SetLine {
  const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  let pen = x;
  let d = '';
  const runs = shapeRuns(face, content);
  runs.forEach((run, r) => {
    const { font } = run;
    const scale = size / font.unitsPerEm;
    run.glyphs.forEach((glyph, i) => {
      const path = glyph.getPath(pen, baseline, size);
      // Blank glyphs (spaces) report a 0,0 box, which must not stretch the ink box.
      if (path.commands.length > 0) {
        d += pathData(path.commands);
        const bounds = path.getBoundingBox();
        box.x1 = Math.min(box.x1, bounds.x1);
        box.y1 = Math.min(box.y1, bounds.y1);
        box.x2 = Math.max(box.x2, bounds.x2);
        box.y2 = Math.max(box.y2, bounds.y2);
      }
      pen += (glyph.advanceWidth ?? 0) * scale;
      const next = run.glyphs[i + 1];
      if (next && !run.joined) pen += font.getKerningValue(glyph, next) * scale + face.spacing * size;
    });
    if (r < runs.length - 1 && !run.joined) pen += face.spacing * size;
  });
  return { d, top: box.y1, bottom: box.y2, left: box.x1, right: box.x2 };
}

/** Sets one line centred on cx by its ink box, so script swashes and overhangs are centred optically. */
function setLine(face: Face, text: string, size: number, cx: number, baseline: number): SetLine {
  const content = faceText(face, text);
  const probe = runGlyphs(face, content, size, 0, baseline);
  return runGlyphs(face, content, size, cx - (probe.left + probe.right) / 2, baseline);
}

const SCRIPT_FOR: Record<StyleKey, FontRole> = {
  elegant: 'serifItalic',
  floral: 'serifItalic',
  minimal: 'serifItalic',
  playful: 'script',
  retro: 'script',
};

/** A face of `fonts` in `role`; right to left, letters are never spaced (it would break their joins). */
function face(
  fonts: CoverFonts,
  role: FontRole,
  options: Pick<Face, 'spacing' | 'upper' | 'scale' | 'overlap'>,
): Face {
  return {
    ...options,
    fonts: fonts.roles[role],
    spacing: fonts.rtl ? 0 : options.spacing,
    rtl: fonts.rtl,
  };
}

function headlineFaces(style: StyleKey, lettering: Lettering, fonts: CoverFonts, lines: number): Face[] {
  const scriptRole = SCRIPT_FOR[style];
  const script = face(fonts, scriptRole, {
    spacing: 0,
    upper: false,
    scale: 1,
    // Pacifico's swash descenders tuck between its lines; Lobster's and Marhey's would collide.
    overlap: scriptRole === 'script' && fonts.language === 'en' ? 0.16 : 0,
  });
  const serif = face(fonts, style === 'minimal' ? 'serifRegular' : 'serif', {
    spacing: 0,
    upper: false,
    scale: 1,
    overlap: 0,
  });
  const caps: Face =
    style === 'playful' || style === 'retro'
      ? face(fonts, 'sansBold', { spacing: 0.01, upper: true, scale: 1, overlap: 0 })
      : style === 'minimal'
        ? face(fonts, 'sansLight', { spacing: 0.16, upper: true, scale: 0.92, overlap: 0 })
        : face(fonts, 'serifRegular', { spacing: 0.08, upper: true, scale: 0.9, overlap: 0 });
  const faces: Face[] = [];
  for (let i = 0; i < lines; i++) {
    if (lettering === 'mixed' && lines > 1) faces.push(i === 0 ? { ...script, scale: 0.62 } : caps);
    else faces.push(lettering === 'script' ? script : lettering === 'serif' ? serif : caps);
  }
  return faces;
}

const MAX_HEADLINE_SIZE: Record<Lettering, number> = { script: 112, serif: 96, caps: 84, mixed: 96 };

/**
 * Stacks lines by their ink boxes. Consecutive swash-script lines may interleave (descenders between
 * ascenders), which is how hand-lettered lockups are set; everything else keeps a small gap.
 */
function stackLines(
  lines: readonly string[],
  faces: Face[],
  size: number,
  cx: number,
  top: number,
): SetLine[] {
  const out: SetLine[] = [];
  let cursor = top;
  lines.forEach((line, i) => {
    const face = faces[i]!;
    const previous = faces[i - 1];
    if (previous)
      cursor +=
        previous.overlap > 0 && face.overlap > 0
          ? -Math.min(previous.overlap, face.overlap) * size
          : // Arabic's dots and tails reach far above and below its letters: its lines need more air.
            (face.rtl ? 0.2 : 0.08) * size;
    const probe = setLine(face, line, size * face.scale, cx, 0);
    const placed = setLine(face, line, size * face.scale, cx, cursor - probe.top);
    out.push(placed);
    cursor = placed.bottom;
  });
  return out;
}

/** The largest size at which the headline fits the box; the stack scales linearly, so one measure suffices. */
function fitHeadline(
  lines: readonly string[],
  faces: Face[],
  maxSize: number,
  width: number,
  height: number,
): number {
  const reference = 100;
  const set = stackLines(lines, faces, reference, 0, 0);
  const widest = Math.max(...set.map((l) => l.right - l.left));
  const tall = set[set.length - 1]!.bottom - set[0]!.top;
  return Math.min(maxSize, (width / widest) * reference, (height / tall) * reference);
}

// ---------------------------------------------------------------------------------------------------------
// Lettering, frame (front layer)

function subtitleFace(style: StyleKey, fonts: CoverFonts): { face: Face; size: number } {
  switch (style) {
    case 'elegant':
      return { face: face(fonts, 'sans', { spacing: 0.24, upper: true, scale: 1, overlap: 0 }), size: 15 };
    case 'playful':
      return { face: face(fonts, 'sans', { spacing: 0.02, upper: false, scale: 1, overlap: 0 }), size: 21 };
    case 'minimal':
      return { face: face(fonts, 'sans', { spacing: 0.3, upper: true, scale: 1, overlap: 0 }), size: 13 };
    case 'floral':
      return {
        face: face(fonts, 'serifItalic', { spacing: 0, upper: false, scale: 1, overlap: 0 }),
        size: 25,
      };
    case 'retro':
      return {
        face: face(fonts, 'sansBold', { spacing: 0.14, upper: true, scale: 1, overlap: 0 }),
        size: 15,
      };
  }
}

function headlineSvg(palette: Palette, style: StyleKey, lines: SetLine[]): string {
  const d = lines.map((l) => l.d).join('');
  switch (style) {
    case 'elegant':
      return `<path d="${d}" fill="#000000" fill-opacity="0.35" transform="translate(0 3)"/><path d="${d}" fill="url(#metal)"/>`;
    case 'playful':
      return `<path d="${d}" fill="${palette.shadow}" transform="translate(4 5)"/><path d="${d}" fill="${palette.ink}"/>`;
    case 'minimal':
      return `<path d="${d}" fill="${palette.ink}"/>`;
    case 'floral':
      return `<path d="${d}" fill="none" stroke="${palette.shadow}" stroke-width="10" stroke-linejoin="round" stroke-opacity="0.85"/><path d="${d}" fill="${palette.ink}"/>`;
    case 'retro':
      return (
        `<path d="${d}" fill="${palette.shadow}" stroke="${palette.shadow}" stroke-width="8" stroke-linejoin="round" transform="translate(5 6)"/>` +
        `<path d="${d}" fill="none" stroke="${palette.shadow}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="${d}" fill="${palette.ink}"/>`
      );
  }
}

interface SetLettering {
  svg: string;
  box: Rect;
}

/** Sets headline, divider and subtitle as one group vertically centred in the zone. */
export function setLettering(scene: Omit<Scene, 'text'>, fonts: CoverFonts, zone: Rect): SetLettering {
  const { design, palette } = scene;
  const lines = design.headline.split('\n');
  const faces = headlineFaces(design.style, design.lettering, fonts, lines.length);
  const zoneWidth = zone.x2 - zone.x1;
  const cx = (zone.x1 + zone.x2) / 2;
  const sub = subtitleFace(design.style, fonts);
  // Arabic letters sit small on their em (a low x-height): the subtitle needs a larger size to read as well.
  if (fonts.rtl) sub.size *= 1.3;
  const subtitleSize = Math.min(
    sub.size,
    (sub.size * (zoneWidth - 40)) / subtitleWidth(sub.face, design.subtitle, sub.size),
  );
  const probeSub = setLine(sub.face, design.subtitle, subtitleSize, cx, 0);
  const subtitleHeight = probeSub.bottom - probeSub.top;
  const dividerHeight = design.style === 'playful' || design.style === 'retro' ? 14 : 26;
  const available = zone.y2 - zone.y1 - subtitleHeight - dividerHeight - 28;
  const size = fitHeadline(lines, faces, MAX_HEADLINE_SIZE[design.lettering], zoneWidth, available);
  const probe = stackLines(lines, faces, size, cx, 0);
  const headlineHeight = probe[probe.length - 1]!.bottom - probe[0]!.top;
  const total = headlineHeight + dividerHeight + 28 + subtitleHeight;
  const top = zone.y1 + (zone.y2 - zone.y1 - total) / 2;
  const set = stackLines(lines, faces, size, cx, top);
  const headlineBottom = set[set.length - 1]!.bottom;
  const dividerY = headlineBottom + 14 + dividerHeight / 2;
  const subtitleTop = headlineBottom + dividerHeight + 28;
  const subtitle = setLine(sub.face, design.subtitle, subtitleSize, cx, subtitleTop - probeSub.top);

  let divider = '';
  let subtitleSvg = `<path d="${subtitle.d}" fill="${palette.sub}"/>`;
  switch (design.style) {
    case 'elegant':
      divider = `<path d="M${n(cx - 70)},${n(dividerY)}L${n(cx - 12)},${n(dividerY)}M${n(cx + 12)},${n(dividerY)}L${n(cx + 70)},${n(dividerY)}" stroke="url(#metal)" stroke-width="1.2"/><path d="M${n(cx)},${n(dividerY - 6)}L${n(cx + 6)},${n(dividerY)}L${n(cx)},${n(dividerY + 6)}L${n(cx - 6)},${n(dividerY)}Z" fill="${palette.metal[1]}"/>`;
      break;
    case 'minimal':
      divider = `<path d="M${n(cx - 22)},${n(dividerY)}L${n(cx + 22)},${n(dividerY)}" stroke="${palette.colors[0]}" stroke-width="2"/>`;
      break;
    case 'floral':
      divider =
        leaf(cx - 8, dividerY, 22, 7, -100, palette.colors[2]!) +
        leaf(cx + 8, dividerY, 22, 7, 100, palette.colors[3]!) +
        `<circle cx="${n(cx)}" cy="${n(dividerY)}" r="4" fill="${palette.colors[0]}"/>`;
      break;
    case 'playful': {
      const padX = 20;
      const padY = 10;
      subtitleSvg =
        `<rect x="${n(subtitle.left - padX)}" y="${n(subtitle.top - padY)}" width="${n(subtitle.right - subtitle.left + padX * 2)}" height="${n(subtitle.bottom - subtitle.top + padY * 2)}" rx="${n((subtitle.bottom - subtitle.top) / 2 + padY)}" fill="${palette.light}"/>` +
        `<path d="${subtitle.d}" fill="${palette.shadow}"/>`;
      break;
    }
    case 'retro': {
      const left = subtitle.left - 26;
      const right = subtitle.right + 26;
      const y1 = subtitle.top - 10;
      const y2 = subtitle.bottom + 10;
      const mid = (y1 + y2) / 2;
      subtitleSvg =
        `<path d="M${n(left - 14)},${n(y1 + 6)}L${n(right + 14)},${n(y1 + 6)}L${n(right + 4)},${n(mid + 3)}L${n(right + 14)},${n(y2 + 6)}L${n(left - 14)},${n(y2 + 6)}L${n(left - 4)},${n(mid + 3)}Z" fill="${palette.shadow}"/>` +
        `<rect x="${n(left)}" y="${n(y1)}" width="${n(right - left)}" height="${n(y2 - y1)}" fill="${palette.colors[1]}"/>` +
        `<path d="${subtitle.d}" fill="${palette.light}"/>`;
      break;
    }
  }
  const box: Rect = {
    x1: Math.min(...set.map((l) => l.left), subtitle.left),
    x2: Math.max(...set.map((l) => l.right), subtitle.right),
    y1: set[0]!.top,
    y2: subtitle.bottom,
  };
  return { svg: headlineSvg(palette, design.style, set) + divider + subtitleSvg, box };
}

function subtitleWidth(face: Face, text: string, size: number): number {
  const set = setLine(face, text, size, 0, 0);
  return set.right - set.left;
}
