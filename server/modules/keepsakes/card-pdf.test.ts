import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrMatrixOf, renderCardPdf, type CardPdfContent } from './card-pdf.ts';

const LINK = 'https://winc.example/c/abcdefghijklmnopqrstuv';

async function image(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0506a' } })
    .webp()
    .toBuffer();
}

async function content(overrides: Partial<CardPdfContent>): Promise<CardPdfContent> {
  return {
    paper: 'A5',
    language: 'en',
    cover: await image(400, 533),
    photo: await image(640, 480),
    heading: 'For Alex',
    message: 'Happy birthday Alex! Have a wonderful year.',
    color: '#aa2255',
    fontSize: 18,
    byline: 'From Sam',
    link: LINK,
    title: 'For Alex',
    ...overrides,
  };
}

/** The text pdf.js reads from a page: its items joined, line ends as spaces. */
async function textOf(pdf: Buffer, pageNumber: number) {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await document.getPage(pageNumber);
  const { items } = await page.getTextContent();
  const text = items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
    .join('')
    .replace(/\s+/gu, ' ');
  return { text, size: page.view.slice(2), pages: document.numPages };
}

/** Every font the file holds, and whether each carries its glyphs (a FontFile2 or FontFile3 stream). */
function fontsOf(pdf: Buffer) {
  const source = pdf.toString('latin1');
  const descriptors = [...source.matchAll(/\/Type \/FontDescriptor[\s\S]*?>>/gu)].map((m) => m[0]);
  const fonts = [...source.matchAll(/\/Type \/Font\b/gu)].length;
  return { descriptors, fonts };
}

describe('the card as a PDF', () => {
  it.each([
    ['ar', 'إلى ليلى', 'عيد ميلاد سعيد يا ليلى! أتمنى لك سنة مليئة بالفرح والسعادة مع كل من تحب'],
    ['ru', 'Для Маши', 'С днём рождения, Маша! Пусть этот год будет полон радости и света.'],
    ['en', 'For Alex', 'Happy birthday Alex! Have a wonderful year full of joy.'],
  ] as const)('holds the %s message as typed, in embedded fonts', async (language, heading, message) => {
    const pdf = await renderCardPdf(await content({ language, heading, message }));
    const { text, size, pages } = await textOf(pdf, 2);
    expect(pages).toBe(2);
    expect(text).toContain(heading);
    expect(text).toContain(message);
    expect(text).toContain(LINK);
    // A5 portrait in points.
    expect(size.map(Math.round)).toEqual([420, 595]);
    const { descriptors, fonts } = fontsOf(pdf);
    expect(fonts).toBeGreaterThan(0);
    expect(descriptors.length).toBeGreaterThan(0);
    for (const descriptor of descriptors) expect(descriptor).toMatch(/\/FontFile[23] \d+ 0 R/u);
  });

  it('is printed on Letter when asked', async () => {
    const pdf = await renderCardPdf(await content({ paper: 'LETTER' }));
    expect((await textOf(pdf, 1)).size).toEqual([612, 792]);
  });

  it('draws the QR code of the link', async () => {
    const matrix = qrMatrixOf(LINK);
    // The modules drawn are the link's code: decoded back from a bitmap of them, it is the link.
    const { default: decodeQR } = await import('qr/decode.js');
    const scale = 8;
    const side = matrix.length * scale;
    const data = new Uint8Array(side * side * 4);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const value = matrix[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
        data.set([value, value, value, 255], (y * side + x) * 4);
      }
    expect(decodeQR({ width: side, height: side, data })).toBe(LINK);
  });
});
