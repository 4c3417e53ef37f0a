/** The part of fontkit (which ships no types) that the PDF keepsake and its tests use. */
declare module 'fontkit' {
  interface Path {
    scale(scaleX: number, scaleY?: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  interface Glyph {
    path: Path;
  }
  interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): GlyphRun;
  }
  export function create(data: Buffer): Font;
}
