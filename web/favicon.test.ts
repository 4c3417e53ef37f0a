import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const SIZE = 48;

describe('the favicon', () => {
  // A browser draws an SVG icon in the page's own renderer, on its main thread: a task of 20–30 ms on a phone
  // that came during a share link's opening. A PNG is only decoded.
  it.each(['index.html', 'recipient.html'])('%s names the PNG icon, and no SVG one', (page) => {
    const html = readFileSync(path.join(here, page), 'utf8');
    const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((tag) => tag[0]);
    expect(icons).toEqual([
      `<link rel="icon" type="image/png" sizes="${SIZE}x${SIZE}" href="/favicon.png" />`,
    ]);
  });

  it('is favicon.svg drawn at its size', async () => {
    const drawn = await sharp(path.join(here, 'public', 'favicon.svg'), { density: (72 * SIZE) / 32 })
      .resize(SIZE, SIZE)
      .raw()
      .toBuffer();
    const png = await sharp(path.join(here, 'public', 'favicon.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([png.info.width, png.info.height, png.info.channels]).toEqual([SIZE, SIZE, 4]);
    let difference = 0;
    for (let index = 0; index < drawn.length; index++)
      difference += Math.abs((drawn[index] ?? 0) - (png.data[index] ?? 0));
    expect(difference / drawn.length).toBeLessThan(2);
  });
});
