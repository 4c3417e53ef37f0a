import PDFDocument from 'pdfkit';
import encodeQR from 'qr';
import sharp from 'sharp';
import { textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { wordsInReadingOrder } from '../../platform/media/words-in-reading-order.ts';
import type { GlyphRun } from 'fontkit';
import { faceChainsOf, faceOf, preloadFallbackFaces, type Script } from './pdf-fonts.ts';

/** A5 portrait, or US Letter where that is the paper people buy. */
export type PaperSize = 'A5' | 'LETTER';

export interface CardPdfContent {
  paper: PaperSize;
  language: Language;
  /** The template's cover in any format sharp reads, or null when the card has none to draw. */
  cover: Buffer | null;
  /** The recipient's photo in any format sharp reads, or null. */
  photo: Buffer | null;
  heading: string;
  message: string;
  /** The message's colour as saved (`#rgb` or `#rrggbb`), its size in CSS pixels and its font's name. */
  color: string;
  fontSize: number;
  fontFamily: string;
  byline: string;
  /** The share link the QR code leads to, printed under it. */
  link: string;
  title: string;
}

/** CSS pixels to points (1 px = 0.75 pt). */
const PX = 0.75;
const MARGIN = 42;
const QR_SIZE = 86;
/** Pictures are encoded at 200 dpi: sharp in print at A5 and Letter sizes, a third lighter than 3× the points. */
const PICTURE_SCALE = 200 / 72;
/** A photo given less room than this after the message goes to the next page instead. */
const MIN_PHOTO_HEIGHT = 150;
const INK = '#2a1f3d';
/**
 * Arabic written as text (invisible, for extractors) is set without kerning, which pdf.js misreads (see
 * `paragraph`). pdfkit hands its `features` to fontkit, which also takes them as an object of switches.
 */
const ARABIC_FEATURES = { rtla: true, kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/**
 * A picture as a JPEG for a box of `width` × `height` points: at 200 dpi, or at its own size when smaller (an
 * upscaled copy would only be heavier), cut to the box's shape ('cover') or whole within it ('inside').
 */
async function asJpeg(image: Buffer, width: number, height: number, fit: 'cover' | 'inside') {
  const source = sharp(image, { pages: 1 }).rotate();
  const meta = await sharp(image, { pages: 1 }).metadata();
  const [sourceWidth, sourceHeight] =
    (meta.orientation ?? 1) >= 5 ? [meta.height ?? 1, meta.width ?? 1] : [meta.width ?? 1, meta.height ?? 1];
  const scale = Math.min(PICTURE_SCALE, sourceWidth / width, sourceHeight / height);
  return source
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function scriptOf(char: string): Script | null {
  if (/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u.test(char)) return 'arabic';
  if (/[\u0400-\u052F]/u.test(char)) return 'cyrillic';
  if (/\p{L}/u.test(char)) return 'latin';
  return null;
}

/** A stretch of a word drawn with one face (a face is named by its file). */
interface Run {
  face: string;
  text: string;
}

const isArabic = (run: Run) => [...run.text].some((char) => scriptOf(char) === 'arabic');
const featuresOf = (run: Run) => (isArabic(run) ? ARABIC_FEATURES : []);

/**
 * The PDF's text: each word cut where its characters change face. A letter takes the first face of its
 * script's chain that has it (the card's font, then the fallback); a digit, a space or a mark keeps the face
 * before it when that face has it, otherwise the Latin chain's.
 */
function textSetter(fontFamily: string) {
  const chains = faceChainsOf(fontFamily);
  const has = (face: string, char: string) => faceOf(face).hasGlyphForCodePoint(char.codePointAt(0)!);
  const pick = (chain: string[], char: string) => chain.find((face) => has(face, char)) ?? chain.at(-1)!;
  return function runsOf(word: string): Run[] {
    const runs: Run[] = [];
    for (const char of word) {
      const script = scriptOf(char);
      const last = runs.at(-1);
      const face = script
        ? pick(chains[script], char)
        : last && has(last.face, char)
          ? last.face
          : pick(chains.latin, char);
      if (last && last.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    return runs;
  };
}

/**
 * The card as a print-ready PDF (DESIGN §1.21): page 1 the cover; page 2 the heading and the message in its
 * font, colour and size, continued on further pages when long, then the photo, the sender and a QR code to the
 * link with the link printed. Lines are laid out here by the Unicode bidirectional algorithm; text extractors
 * (pdf.js, poppler) read every line as typed, with its spaces.
 */
export async function renderCardPdf(content: CardPdfContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: content.paper,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: content.title, Creator: 'Winc' },
    lang: content.language,
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const registered = new Set<string>();
  const use = (face: string, size: number) => {
    if (!registered.has(face)) doc.registerFont(face, faceOf(face) as unknown as Buffer);
    registered.add(face);
    return doc.font(face).fontSize(size);
  };
  const direction = textDirection(content.language);

  doc.addPage();
  const { width, height } = doc.page;
  const innerWidth = width - 2 * MARGIN;
  const bottom = height - MARGIN;

  /** A run shaped by fontkit, once per PDF: lines are measured, then drawn. */
  const shapedRuns = new Map<string, GlyphRun>();
  const shaped = (run: Run) => {
    const key = `${run.face}\n${run.text}`;
    let glyphRun = shapedRuns.get(key);
    if (!glyphRun) {
      glyphRun = faceOf(run.face).layout(run.text);
      shapedRuns.set(key, glyphRun);
    }
    return glyphRun;
  };

  /** Writes a run as text whose baseline is `baseline` (pdfkit places text by its top, which differs per face). */
  function write(run: Run, x: number, baseline: number, size: number) {
    const font = faceOf(run.face);
    use(run.face, size).text(run.text, x, baseline - (font.ascent / font.unitsPerEm) * size, {
      lineBreak: false,
      features: featuresOf(run),
    });
  }

  /** Draws a run's glyphs as outlines (no text), from its left edge on the baseline. */
  function outline(run: Run, x: number, baseline: number, size: number) {
    const font = faceOf(run.face);
    const scale = size / font.unitsPerEm;
    const { glyphs, positions } = shaped(run);
    glyphs.forEach((glyph, i) => {
      const position = positions[i]!;
      const svg = glyph.path
        .scale(scale, -scale)
        .translate(x + position.xOffset * scale, baseline - position.yOffset * scale)
        .toSVG();
      if (svg) doc.path(svg);
      x += position.xAdvance * scale;
    });
  }

  /**
   * Draws one paragraph from `y`, wrapped to the page's width and centred, continuing on a new page when the
   * page is full; answers the next line's top.
   */
  function paragraph(text: string, y: number, size: number, color: string, fontFamily: string): number {
    const runsOf = textSetter(fontFamily);
    const lineHeight = size * 1.5;
    const widthOf = (run: Run) => {
      const advance = shaped(run).positions.reduce((sum, position) => sum + position.xAdvance, 0);
      return (advance * size) / faceOf(run.face).unitsPerEm;
    };
    const spaceWidth = widthOf(runsOf(' ')[0]!);
    const measured = (typed: string) => {
      const runs = runsOf(typed);
      return { typed, runs, width: runs.reduce((sum, run) => sum + widthOf(run), 0) };
    };
    /** A word wider than the page is cut where the page ends, rather than run off its edge. */
    const fitted = (word: ReturnType<typeof measured>) => {
      if (word.width <= innerWidth) return [word];
      const pieces = [];
      let piece = '';
      for (const char of word.typed) {
        if (piece && measured(piece + char).width > innerWidth) {
          pieces.push(measured(piece));
          piece = '';
        }
        piece += char;
      }
      return [...pieces, measured(piece)];
    };
    const words = text
      .split(/\s+/u)
      .filter(Boolean)
      .flatMap((typed) => fitted(measured(typed)));
    const lines: Array<typeof words> = [];
    let lineWidth = 0;
    for (const word of words) {
      const line = lines.at(-1);
      if (!line || lineWidth + spaceWidth + word.width > innerWidth) {
        lines.push([word]);
        lineWidth = word.width;
      } else {
        line.push(word);
        lineWidth += spaceWidth + word.width;
      }
    }
    for (const line of lines) {
      if (y + lineHeight > bottom) {
        doc.addPage();
        y = MARGIN;
      }
      const baseline = y + size * 1.15;
      const total = line.reduce((sum, word) => sum + word.width, 0) + spaceWidth * (line.length - 1);
      const left = MARGIN + (innerWidth - total) / 2;
      doc.fillColor(color);
      const arabic = line.some((word) => word.runs.some(isArabic));
      const faces = new Set(line.flatMap((word) => word.runs.map((run) => run.face)));
      if (!arabic && faces.size === 1) {
        write({ face: [...faces][0]!, text: line.map((word) => word.typed).join(' ') }, left, baseline, size);
        y += lineHeight;
        continue;
      }
      // Visual positions, left to right, of the words as the line shows them.
      const visual = wordsInReadingOrder(line.map((word) => word.typed).join(' '), direction);
      const order = direction === 'rtl' ? [...visual.keys()].reverse() : [...visual.keys()];
      const taken = new Set<number>();
      const placed = new Map<(typeof line)[number], number>();
      let x = left;
      for (const index of order) {
        const word =
          line.find((w) => !taken.has(line.indexOf(w)) && sameWord(visual[index]!, w.typed)) ??
          line.find((w) => !taken.has(line.indexOf(w)))!;
        taken.add(line.indexOf(word));
        placed.set(word, x);
        x += word.width + spaceWidth;
      }
      /** A word's runs, each at its left edge: an Arabic word's go right to left ('ليلى!' shows '!' on the left). */
      const runsAt = (word: (typeof line)[number]) => {
        const rtl = scriptOf([...word.typed].find((char) => /\p{L}/u.test(char)) ?? '') === 'arabic';
        let runX = rtl ? placed.get(word)! + word.width : placed.get(word)!;
        return word.runs.map((run) => {
          const runWidth = widthOf(run);
          if (rtl) runX -= runWidth;
          const at = runX;
          if (!rtl) runX += runWidth;
          return { run, x: at };
        });
      };
      const forward = line.every((word, i) => i === 0 || placed.get(word)! > placed.get(line[i - 1]!)!);
      if (!arabic && forward) {
        // Written in the order typed, each word further right: extractors see the gaps as spaces.
        for (const word of line) for (const { run, x: at } of runsAt(word)) write(run, at, baseline, size);
      } else {
        // Text extractors cannot be given this line as drawn. Words written in the order typed would step
        // right to left, and pdf.js drops the spaces at every step back; Arabic fonts' kerning moves glyphs
        // back (Aref Ruqaa) or apart (Amiri after 'ز') far enough for pdf.js to cut a word or add a space in
        // it. So the line is drawn as outlines, shaped and kerned, and written again as invisible text in the
        // order typed, left to right over the same width and unkerned, which extractors read as typed.
        for (const word of line) for (const { run, x: at } of runsAt(word)) outline(run, at, baseline, size);
        doc.fill(color);
        doc.save().fillOpacity(0);
        let textX = left;
        let pending: Run | null = null;
        const flush = () => {
          if (!pending) return;
          write(pending, textX, baseline, size);
          textX += use(pending.face, size).widthOfString(pending.text, { features: featuresOf(pending) });
          pending = null;
        };
        line.forEach((word, i) => {
          word.runs.forEach((run, r) => {
            const spaced = i > 0 && r === 0;
            if (pending && pending.face === run.face) {
              pending.text += (spaced ? ' ' : '') + run.text;
              return;
            }
            flush();
            if (spaced) textX += spaceWidth;
            pending = { ...run };
          });
        });
        flush();
        doc.restore();
      }
      y += lineHeight;
    }
    return y;
  }

  // Page 1: the cover, as large as the page allows at the catalog's 3:4.
  if (content.cover) {
    const coverHeight = Math.min(height - 2 * MARGIN, ((innerWidth * 4) / 3) | 0);
    const coverWidth = (coverHeight * 3) / 4;
    const cover = await asJpeg(content.cover, coverWidth, coverHeight, 'cover');
    doc.image(cover, (width - coverWidth) / 2, (height - coverHeight) / 2, {
      width: coverWidth,
      height: coverHeight,
    });
  } else {
    paragraph(content.heading, height / 2 - 20, 26, INK, 'default');
  }

  // Page 2 and on: the card opened.
  doc.addPage();
  let y = MARGIN;
  y = paragraph(content.heading, y, 22, INK, 'default') + 8;
  // Never shrunk below a readable size: a long message continues on the next pages.
  const messageSize = Math.max(9, Math.min(content.fontSize * PX, 30));
  for (const line of content.message.split(/\n+/u)) {
    y = paragraph(line, y, messageSize, content.color, content.fontFamily);
  }
  y += 10;
  // The last page ends with the sender and the QR code; the photo goes between, or on a page of its own.
  const qrTop = bottom - QR_SIZE - 16;
  const bylineTop = qrTop - 34;
  if (content.photo) {
    if (bylineTop - 10 - y < MIN_PHOTO_HEIGHT) {
      doc.addPage();
      y = MARGIN;
    }
    const meta = await sharp(content.photo).rotate().metadata();
    const aspect = (meta.width ?? 1) / (meta.height ?? 1);
    const photoHeight = Math.min(bylineTop - 10 - y, innerWidth / aspect);
    const photoWidth = photoHeight * aspect;
    const photo = await asJpeg(content.photo, photoWidth, photoHeight, 'inside');
    doc.image(photo, (width - photoWidth) / 2, y, { width: photoWidth, height: photoHeight });
    y += photoHeight + 10;
  }
  if (y > bylineTop) doc.addPage();
  paragraph(content.byline, bylineTop, 13, INK, 'default');

  // The QR code, drawn as vector squares so it prints sharp at any size.
  const matrix = qrMatrixOf(content.link);
  const cell = QR_SIZE / matrix.length;
  const qrLeft = (width - QR_SIZE) / 2;
  doc.fillColor('#000000');
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(qrLeft + c * cell, qrTop + r * cell, cell + 0.05, cell + 0.05);
    }),
  );
  doc.fill();
  use(faceChainsOf('default').latin[0]!, 8).fillColor('#555555');
  doc.text(content.link, MARGIN, qrTop + QR_SIZE + 4, {
    width: innerWidth,
    align: 'center',
    lineBreak: false,
  });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * What a first PDF would load on its request, done ahead: the fallback faces shaped, and sharp's JPEG encoder
 * run once.
 */
export async function warmUpCardPdf(): Promise<void> {
  preloadFallbackFaces();
  await asJpeg(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
    8,
    8,
    'cover',
  );
}

/** Whether a word as shown is the typed one (a right-to-left line shows trailing punctuation first). */
function sameWord(shown: string, typed: string): boolean {
  return shown === typed || [...shown].sort().join('') === [...typed].sort().join('');
}

/** The QR code's modules (true is dark), with its quiet zone, for the link. */
export function qrMatrixOf(link: string): boolean[][] {
  return encodeQR(link, 'raw', { ecc: 'medium', border: 2 });
}
