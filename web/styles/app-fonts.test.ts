import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, 'app.css'), 'utf8');

/** The families of a custom property's font stack, in order. */
function stackOf(property: string): string[] {
  const match = new RegExp(`${property}:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`no ${property} in app.css`);
  return (match[1] ?? '').split(',').map((family) => family.trim().replace(/^'|'$/g, ''));
}

/** The local fallback faces app.css stretches to a web font's measures. */
function metricMatchedFaces(): Set<string> {
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((face) => face[1] ?? '');
  return new Set(
    faces
      .filter(
        (face) =>
          /size-adjust:/.test(face) && /ascent-override:/.test(face) && /descent-override:/.test(face),
      )
      .map((face) => /font-family:\s*'([^']+)'/.exec(face)?.[1] ?? ''),
  );
}

describe('app fonts', () => {
  // Text drawn in a plain local font until the web font arrives rewraps when it swaps in: a layout shift.
  it.each(['--font-sans', '--font-arabic'])('%s falls back to a metric-matched face first', (property) => {
    const [webFont, fallback] = stackOf(property);
    expect(webFont).toMatch(/Variable$/);
    expect(metricMatchedFaces()).toContain(fallback ?? '');
  });
});
