import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { linkQrCode } from './link-qr-code.ts';

/** The code drawn as an image a camera would see: black modules on white, a quiet zone, 4 pixels a module. */
function rasterOf(modules: boolean[][], scale = 4, quiet = 4) {
  const size = (modules.length + 2 * quiet) * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
          data.fill(0, at, at + 3);
        }
    }),
  );
  return { width: size, height: size, data };
}

/** The modules an SVG path of unit squares (`M{x} {y}h1v1h-1z`…) paints. */
function modulesOfPath(path: string, size: number): boolean[][] {
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let dx = 0; dx < Number(width); dx++) modules[Number(y)]![Number(x) + dx] = true;
  return modules;
}

describe('linkQrCode: the QR code of a card link, drawn here', () => {
  const links = [
    'http://localhost:3000/c/V1StGXR8_Z5jdHi6B-myT',
    'https://winc.example/c/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  ];

  for (const link of links)
    it(`encodes exactly ${link}`, () => {
      const code = linkQrCode(link);
      expect(decodeQR(rasterOf(code.modules))).toBe(link);
    });

  it('draws the same modules in its SVG path as in its matrix', () => {
    const code = linkQrCode(links[0]!);
    expect(code.size).toBe(code.modules.length);
    expect(modulesOfPath(code.path, code.size)).toEqual(code.modules);
    expect(decodeQR(rasterOf(modulesOfPath(code.path, code.size)))).toBe(links[0]);
  });
});
