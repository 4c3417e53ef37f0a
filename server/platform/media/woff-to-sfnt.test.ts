import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sfntOfWoff } from './woff-to-sfnt.ts';

const require = createRequire(import.meta.url);

describe('sfntOfWoff', () => {
  it.each([
    '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
    '@fontsource/amiri/files/amiri-arabic-400-normal.woff',
  ])('unwraps %s into the font it holds', (file) => {
    const woff = fs.readFileSync(require.resolve(file));
    const sfnt = sfntOfWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const text = 'Winc عيد ميلاد سعيد';
    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    const advances = (font: fontkit.Font) => font.layout(text).positions.map((position) => position.xAdvance);
    expect(advances(fromSfnt)).toEqual(advances(fromWoff));
    const outlines = (font: fontkit.Font) => font.layout(text).glyphs.map((glyph) => glyph.path.toSVG());
    expect(outlines(fromSfnt)).toEqual(outlines(fromWoff));
  });

  it('refuses what is not a WOFF file', () => {
    expect(() =>
      sfntOfWoff(Buffer.from('not a font at all, but long enough to hold a WOFF header')),
    ).toThrow();
  });
});
