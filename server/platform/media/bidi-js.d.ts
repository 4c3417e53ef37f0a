/** The part of bidi-js (which ships no types) that the link preview uses. */
declare module 'bidi-js' {
  interface EmbeddingLevels {
    /** Per character: odd is right to left, even left to right. */
    levels: Uint8Array;
    paragraphs: Array<{ start: number; end: number; level: number }>;
  }
  interface Bidi {
    getEmbeddingLevels(text: string, explicitDirection?: 'ltr' | 'rtl'): EmbeddingLevels;
  }
  export default function bidiFactory(): Bidi;
}
