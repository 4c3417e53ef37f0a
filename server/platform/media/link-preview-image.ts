import fs from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import { textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { LINK_PREVIEW_SIZE } from './link-preview-size.ts';
import { wordsInReadingOrder } from './words-in-reading-order.ts';

/** WhatsApp drops larger preview images. */
export const LINK_PREVIEW_MAX_BYTES = 300 * 1024;

export interface LinkPreviewContent {
  /**
   * The template's cover in any format sharp reads (the catalog's is a 400×533 WebP, decision 0002), or null
   * for the generic preview. An animation shows its first frame.
   */
  cover: Buffer | null;
  eyebrow: string;
  headline: string;
  subline: string;
  /** Sets the direction of the text and which side the cover is on. */
  language: Language;
}

const require = createRequire(import.meta.url);

/**
 * The fonts, bundled by npm (OFL): Playfair Display for Latin and Cyrillic, Amiri for Arabic. Satori picks a
 * face by family name only, so each script subset is its own family, listed in order of preference.
 */
const FONT_FILES = [
  {
    name: 'Display',
    file: '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff',
    weight: 700,
  },
  {
    name: 'DisplayCyrillic',
    file: '@fontsource/playfair-display/files/playfair-display-cyrillic-700-normal.woff',
    weight: 700,
  },
  { name: 'Arabic', file: '@fontsource/amiri/files/amiri-arabic-700-normal.woff', weight: 700 },
  { name: 'Text', file: '@fontsource/noto-sans/files/noto-sans-latin-600-normal.woff', weight: 600 },
  {
    name: 'TextCyrillic',
    file: '@fontsource/noto-sans/files/noto-sans-cyrillic-600-normal.woff',
    weight: 600,
  },
  { name: 'TextArabic', file: '@fontsource/amiri/files/amiri-arabic-400-normal.woff', weight: 600 },
] as const;
const DISPLAY = 'Display, DisplayCyrillic, Arabic';
const TEXT = 'Text, TextCyrillic, TextArabic';

let fonts: Font[] | undefined;
function loadFonts(): Font[] {
  fonts ??= FONT_FILES.map(({ name, file, weight }) => ({
    name,
    data: fs.readFileSync(require.resolve(file)),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

const PADDING = 72;
const GAP = 64;

/**
 * The cover as the drawing carries it: its first frame, at the size it is drawn, as a PNG data URL. Covers are
 * WebP and artwork may be animated, while PNG and JPEG are what every SVG renderer reads (resvg included), and
 * satori trusts a data URL's label rather than its bytes. PNG keeps it lossless until the preview's one JPEG.
 */
async function drawableCover(cover: Buffer, width: number, height: number): Promise<string> {
  const png = await sharp(cover, { pages: 1 })
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const COVER_RADIUS = 28;

/**
 * The cover's soft shadow, as CSS would draw `0 20px 50px rgba(40, 8, 40, 0.45)`: the rounded cover's shape
 * blurred (a 50 px blur is a Gaussian of σ 25) in the shadow's colour, offset 20 px down. The image around the
 * shape is 3σ wide on each side, where the blur has faded out.
 */
const SHADOW = { offsetY: 20, sigma: 25, margin: 75, color: { r: 40, g: 8, b: 40 }, alpha: 0.45 };

/**
 * The shadow as an image, the same for every preview of a size, so made once. Drawn by resvg as an SVG filter
 * instead, it blurred a region four times the cover's size: half a second of each preview, on the main thread.
 */
const shadows = new Map<string, Promise<string>>();
function coverShadow(width: number, height: number): Promise<string> {
  const key = `${width}×${height}`;
  let made = shadows.get(key);
  if (!made) {
    made = drawShadow(width, height);
    shadows.set(key, made);
    made.catch(() => shadows.delete(key));
  }
  return made;
}

async function drawShadow(width: number, height: number): Promise<string> {
  const [outerWidth, outerHeight] = [width + 2 * SHADOW.margin, height + 2 * SHADOW.margin];
  const shape = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outerWidth}" height="${outerHeight}">` +
      `<rect x="${SHADOW.margin}" y="${SHADOW.margin}" width="${width}" height="${height}" rx="${COVER_RADIUS}" fill="#fff"/></svg>`,
  );
  const alpha = await sharp(shape)
    .flatten({ background: '#000' })
    .extractChannel(0)
    .blur(SHADOW.sigma)
    .linear(SHADOW.alpha, 0)
    .raw()
    .toBuffer();
  const png = await sharp({
    create: { width: outerWidth, height: outerHeight, channels: 3, background: SHADOW.color },
  })
    .joinChannel(alpha, { raw: { width: outerWidth, height: outerHeight, channels: 1 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

type Node = { type: string; props: Record<string, unknown> };
const node = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/**
 * A link preview image (DESIGN §1.19): the cover beside the headline, on the brand's gradient, 1200×630, as a
 * JPEG within 300 KB. Text is laid out by satori with real shaping, so Arabic is joined and right to left.
 */
export async function renderLinkPreview(content: LinkPreviewContent): Promise<Buffer> {
  const rtl = textDirection(content.language) === 'rtl';
  const { width, height } = LINK_PREVIEW_SIZE;
  const coverHeight = 520;
  const coverWidth = Math.round((coverHeight * 3) / 4);
  const TEXT_WIDTH = width - 2 * PADDING - GAP - coverWidth;
  const cover = content.cover
    ? node(
        'div',
        { display: 'flex', position: 'relative', width: coverWidth, height: coverHeight, flexShrink: 0 },
        [
          {
            type: 'img',
            props: {
              src: await coverShadow(coverWidth, coverHeight),
              width: coverWidth + 2 * SHADOW.margin,
              height: coverHeight + 2 * SHADOW.margin,
              style: { position: 'absolute', left: -SHADOW.margin, top: SHADOW.offsetY - SHADOW.margin },
            },
          },
          {
            type: 'img',
            props: {
              src: await drawableCover(content.cover, coverWidth, coverHeight),
              width: coverWidth,
              height: coverHeight,
              // Positioned too, so it is painted after (above) its shadow.
              style: {
                position: 'absolute',
                left: 0,
                top: 0,
                borderRadius: COVER_RADIUS,
                objectFit: 'cover',
              },
            },
          },
        ],
      )
    : node(
        'div',
        {
          width: coverWidth,
          height: coverHeight,
          flexShrink: 0,
          borderRadius: COVER_RADIUS,
          background: 'rgba(255, 255, 255, 0.16)',
          border: '3px solid rgba(255, 255, 255, 0.5)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontFamily: DISPLAY,
          fontSize: 120,
          color: 'white',
        },
        'W',
      );
  const line = (value: string, style: Record<string, unknown> & { fontSize: number }) =>
    node(
      'div',
      {
        display: 'flex',
        flexWrap: 'wrap',
        flexDirection: rtl ? 'row-reverse' : 'row',
        columnGap: Math.round(style.fontSize * 0.28),
        ...style,
      },
      wordsInReadingOrder(value, rtl ? 'rtl' : 'ltr').map((word) => node('span', {}, word)),
    );
  const text = node(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: TEXT_WIDTH,
      alignItems: rtl ? 'flex-end' : 'flex-start',
      color: 'white',
      gap: 18,
    },
    [
      line(content.eyebrow, { fontFamily: TEXT, fontSize: 30, color: '#ffd9c9' }),
      line(content.headline, {
        fontFamily: DISPLAY,
        fontSize: content.headline.length > 22 ? 62 : 84,
        lineHeight: 1.15,
      }),
      line(content.subline, { fontFamily: TEXT, fontSize: 34, color: '#fbe7f1' }),
      node('div', { fontFamily: DISPLAY, fontSize: 40, marginTop: 30 }, 'Winc.'),
    ],
  );
  const svg = await satori(
    node(
      'div',
      {
        width,
        height,
        display: 'flex',
        flexDirection: 'row',
        alignItems: 'center',
        gap: GAP,
        padding: `0 ${PADDING}px`,
        background: 'linear-gradient(135deg, #4a1248 0%, #8e2c6e 55%, #e76f51 100%)',
      },
      // Right to left, the cover stands on the right, where the eye starts.
      rtl ? [text, cover] : [cover, text],
    ) as Parameters<typeof satori>[0],
    { width, height, fonts: loadFonts() },
  );
  // Drawn on libuv's threads, not the server's main one; its pixels go to the JPEG encoder as they are.
  const drawn = await renderAsync(svg, { fitTo: { mode: 'width', value: width } });
  // `pixels` copies them out of resvg on every read: read once.
  const pixels = drawn.pixels;
  const raw = { raw: { width: drawn.width, height: drawn.height, channels: 4 as const } };
  // The best quality that fits; a gradient and a cover stay far below the limit long before the last step.
  let jpeg = Buffer.alloc(0);
  for (const quality of [86, 76, 64, 50]) {
    jpeg = await sharp(pixels, raw).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= LINK_PREVIEW_MAX_BYTES) break;
  }
  return jpeg;
}
