import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import encodeQR from 'qr';
import sharp from 'sharp';
import { textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { wordsInReadingOrder } from '../../platform/media/link-preview-image.ts';
import { sfntOfWoff } from '../../platform/media/woff-to-sfnt.ts';

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
  /** The message's colour as saved (`#rgb` or `#rrggbb`) and its size in CSS pixels. */
  color: string;
  fontSize: number;
  byline: string;
  /** The share link the QR code leads to, printed under it. */
  link: string;
  title: string;
}

const require = createRequire(import.meta.url);

/**
 * The faces the PDF embeds (OFL, bundled by npm): Noto Sans for Latin and Cyrillic, Amiri for Arabic. pdfkit
 * shapes each run with fontkit (Arabic joined) and embeds a subset of each face as a TrueType FontFile2.
 */
const FACES = {
  latin: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  cyrillic: '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff',
  arabic: '@fontsource/amiri/files/amiri-arabic-400-normal.woff',
} as const;
type Face = keyof typeof FACES;

let faceData: Record<Face, Buffer> | undefined;
function faces(): Record<Face, Buffer> {
  faceData ??= {
    latin: sfntOfWoff(fs.readFileSync(require.resolve(FACES.latin))),
    cyrillic: sfntOfWoff(fs.readFileSync(require.resolve(FACES.cyrillic))),
    arabic: sfntOfWoff(fs.readFileSync(require.resolve(FACES.arabic))),
  };
  return faceData;
}

/** The face a character is drawn with: each bundled file covers one script. */
function faceOf(char: string): Face {
  if (/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/u.test(char)) return 'arabic';
  if (/[\u0400-\u052F]/u.test(char)) return 'cyrillic';
  return 'latin';
}

/** A word cut where its characters change face, so each run is shaped by a font that has its glyphs. */
function runsOf(word: string): Array<{ face: Face; text: string }> {
  const runs: Array<{ face: Face; text: string }> = [];
  for (const char of word) {
    // Latin punctuation and digits are in the Latin file (the Cyrillic one has none); Amiri has '!' and '('.
    const face = runs.at(-1)?.face === 'arabic' && /[!( ]/u.test(char) ? 'arabic' : faceOf(char);
    const last = runs.at(-1);
    if (last && last.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

/** CSS pixels to points (1 px = 0.75 pt). */
const PX = 0.75;
const MARGIN = 42;

async function asJpeg(image: Buffer, width: number, height: number, fit: 'cover' | 'inside') {
  return sharp(image, { pages: 1 })
    .rotate()
    .resize(Math.round(width * 3), Math.round(height * 3), { fit, withoutEnlargement: fit === 'inside' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The card as a print-ready PDF (DESIGN §1.21): page 1 the cover; page 2 the heading, the message in its
 * colour and size, the photo, the sender and a QR code to the link with the link printed. Lines are laid out
 * here by the Unicode bidirectional algorithm (words placed right to left in an Arabic card, mixed lines in
 * their visual order), but each word is written in the order it was typed, so text extractors (pdf.js,
 * poppler) read the message as typed.
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
  const data = faces();
  for (const face of Object.keys(FACES) as Face[]) doc.registerFont(face, data[face]);
  const direction = textDirection(content.language);

  doc.addPage();
  const { width, height } = doc.page;
  const innerWidth = width - 2 * MARGIN;

  /** Draws one paragraph from `y`, wrapped to the page's width and centred; answers the next line's top. */
  function paragraph(text: string, y: number, size: number, color: string): number {
    const lineHeight = size * 1.5;
    const space = (doc.font('latin').fontSize(size), doc.widthOfString(' '));
    const measure = (word: string) =>
      runsOf(word).reduce((sum, run) => sum + doc.font(run.face).fontSize(size).widthOfString(run.text), 0);
    const lines: string[][] = [];
    for (const word of text.split(/\s+/u).filter(Boolean)) {
      const line = lines.at(-1);
      const lineWidth = line ? line.reduce((sum, w) => sum + measure(w) + space, 0) : 0;
      if (!line || lineWidth + measure(word) > innerWidth) lines.push([word]);
      else line.push(word);
    }
    for (const line of lines) {
      const typed = line.join(' ');
      const whole = runsOf(typed);
      if (whole.length === 1 && whole[0]!.face === 'arabic') {
        // A line in one Arabic face is one run: fontkit shapes and sets it right to left, and extractors read
        // it back in the order typed.
        doc.font('arabic').fontSize(size).fillColor(color);
        const lineWidth = doc.widthOfString(typed);
        doc.text(typed, MARGIN + (innerWidth - lineWidth) / 2, y, { lineBreak: false, features: ['rtla'] });
        y += lineHeight;
        continue;
      }
      const visual = wordsInReadingOrder(typed, direction);
      const widths = visual.map(measure);
      const total = widths.reduce((sum, w) => sum + w, 0) + space * (visual.length - 1);
      // Visual positions, left to right, of the words as the line shows them.
      const lefts: number[] = [];
      let x = MARGIN + (innerWidth - total) / 2;
      const order = direction === 'rtl' ? [...visual.keys()].reverse() : [...visual.keys()];
      for (const index of order) {
        lefts[index] = x;
        x += widths[index]! + space;
      }
      // Written in the order typed: each typed word finds its place among the visual ones.
      const taken = new Set<number>();
      for (const word of line) {
        const index = visual.findIndex((candidate, i) => !taken.has(i) && sameWord(candidate, word));
        const at = index === -1 ? visual.findIndex((_, i) => !taken.has(i)) : index;
        taken.add(at);
        // The space after a word is written with it, in its face, so extractors read the words apart; drawn
        // in the gap the line leaves on the word's far side (an Arabic word's left).
        const last = taken.size < line.length;
        const runs = runsOf(word);
        if (last) runs.at(-1)!.text += ' ';
        const widthsOf = runs.map((run) => doc.font(run.face).fontSize(size).widthOfString(run.text));
        // An Arabic word's runs go right to left ('ليلى!' shows its '!' on the left).
        const rtlWord = runs.find((run) => /\p{L}/u.test(run.text))?.face === 'arabic';
        let runX = rtlWord ? lefts[at]! + widths[at]! : lefts[at]!;
        runs.forEach((run, i) => {
          if (rtlWord) runX -= widthsOf[i]!;
          doc.font(run.face).fontSize(size).fillColor(color);
          doc.text(run.text, runX, y, { lineBreak: false });
          if (!rtlWord) runX += widthsOf[i]!;
        });
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
    paragraph(content.heading, height / 2 - 20, 26, '#2a1f3d');
  }

  // Page 2: the card opened.
  doc.addPage();
  let y = MARGIN;
  y = paragraph(content.heading, y, 22, '#2a1f3d') + 8;
  const messageSize = Math.max(9, Math.min(content.fontSize * PX, 30));
  for (const line of content.message.split(/\n+/u)) y = paragraph(line, y, messageSize, content.color);
  y += 10;
  const qrSize = 86;
  const footer = height - MARGIN - qrSize - 16;
  if (content.photo) {
    const room = Math.max(0, footer - 40 - y);
    if (room > 60) {
      const meta = await sharp(content.photo).rotate().metadata();
      const aspect = (meta.width ?? 1) / (meta.height ?? 1);
      const photoHeight = Math.min(room, innerWidth / aspect);
      const photoWidth = photoHeight * aspect;
      const photo = await asJpeg(content.photo, photoWidth, photoHeight, 'inside');
      doc.image(photo, (width - photoWidth) / 2, y, { width: photoWidth, height: photoHeight });
      y += photoHeight + 10;
    }
  }
  paragraph(content.byline, Math.max(y, footer - 34), 13, '#2a1f3d');

  // The QR code, drawn as vector squares so it prints sharp at any size.
  const matrix = qrMatrixOf(content.link);
  const cell = qrSize / matrix.length;
  const qrLeft = (width - qrSize) / 2;
  doc.fillColor('#000000');
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(qrLeft + c * cell, footer + r * cell, cell + 0.05, cell + 0.05);
    }),
  );
  doc.fill();
  doc.font('latin').fontSize(8).fillColor('#555555');
  doc.text(content.link, MARGIN, footer + qrSize + 4, {
    width: innerWidth,
    align: 'center',
    lineBreak: false,
  });

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Whether a word as shown is the typed one (a right-to-left line shows trailing punctuation first). */
function sameWord(shown: string, typed: string): boolean {
  return shown === typed || [...shown].sort().join('') === [...typed].sort().join('');
}

/** The QR code's modules (true is dark), with its quiet zone, for the link. */
export function qrMatrixOf(link: string): boolean[][] {
  return encodeQR(link, 'raw', { ecc: 'medium', border: 2 });
}
