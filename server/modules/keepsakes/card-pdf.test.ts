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
    fontFamily: 'default',
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

/** Every page's text, in order. */
async function allTextOf(pdf: Buffer) {
  const { pages } = await textOf(pdf, 1);
  const texts = [];
  for (let page = 1; page <= pages; page++) texts.push((await textOf(pdf, page)).text);
  return { text: texts.join(' '), pages };
}

/** The embedded fonts' names without their subset tag ('ABCDEF+Tinos-Regular' is 'Tinos-Regular'). */
function embeddedFontNames(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\/FontName \/[A-Z]{6}\+([^\s/>]+)/gu)].map((m) => m[1]!);
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

  it("draws the message in the card's font, and Arabic in Amiri where that font has no Arabic", async () => {
    const latin = await renderCardPdf(await content({ fontFamily: 'Times' }));
    expect(embeddedFontNames(latin)).toContain('Tinos-Regular');
    expect((await textOf(latin, 2)).text).toContain('Happy birthday Alex! Have a wonderful year.');
    const arabic = await renderCardPdf(
      await content({ language: 'ar', fontFamily: 'Arial', message: 'عيد ميلاد سعيد يا ليلى! مع كل محبتي' }),
    );
    expect(embeddedFontNames(arabic)).toContain('Amiri-Regular');
    expect((await textOf(arabic, 2)).text).toContain('عيد ميلاد سعيد يا ليلى! مع كل محبتي');
  });

  it('continues a long message on further pages, every word kept', async () => {
    const words = Array.from({ length: 500 }, (_, i) => `word${i + 1}`);
    const pdf = await renderCardPdf(await content({ message: words.join(' '), fontSize: 24 }));
    const { text, pages } = await allTextOf(pdf);
    expect(pages).toBeGreaterThan(2);
    const found = new Set(text.split(' '));
    expect(words.filter((word) => !found.has(word))).toEqual([]);
    expect(text).toContain(LINK);
    expect(text).toContain('From Sam');
  });

  it.each([
    ['a Latin name', 'شكرا جزيلا يا Alex Smith على الهدية الجميلة'],
    ['digits', 'نلتقي في 2025 عند الساعة 8 مساء'],
  ])('keeps the spaces of an Arabic line holding %s', async (_, message) => {
    const pdf = await renderCardPdf(await content({ language: 'ar', heading: 'إلى ليلى', message }));
    expect((await textOf(pdf, 2)).text).toContain(message);
  });

  it('breaks a word wider than the page instead of letting it run off', async () => {
    const word = 'Woooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooow';
    const pdf = await renderCardPdf(await content({ message: `${word}!`, fontSize: 40 }));
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const page = await document.getPage(2);
    const [, , pageWidth] = page.view;
    const { items } = await page.getTextContent();
    const pieces = items.filter((item) => 'str' in item && /^[Wo]*w?!?$/u.test(item.str) && item.str);
    expect(pieces.length).toBeGreaterThan(1);
    for (const item of pieces) {
      if (!('str' in item)) continue;
      expect(item.transform[4]).toBeGreaterThanOrEqual(0);
      expect(item.transform[4] + item.width).toBeLessThanOrEqual(pageWidth!);
    }
    expect(pieces.map((item) => ('str' in item ? item.str : '')).join('')).toBe(`${word}!`);
  });
});
