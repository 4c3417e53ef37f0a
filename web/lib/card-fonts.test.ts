import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FONT_STACKS, fontStackOf } from './card-fonts.ts';
import { FONT_FAMILIES } from '../../shared/cards/card-rules.ts';
import { UI_FONT_STYLESHEETS } from './ui-font-files.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CARD_FONTS_CSS = join(ROOT, 'web/styles/card-fonts.css');
const GENERIC_FAMILIES = ['serif', 'sans-serif', 'cursive', 'fantasy', 'monospace'];
/** Vite's default `build.assetsInlineLimit`: smaller files would be inlined into the app's CSS as data: URLs. */
const VITE_INLINE_LIMIT = 4096;

interface FontFace {
  family: string;
  /** Inclusive code point ranges from `unicode-range` (empty without one). */
  ranges: [number, number][];
  files: string[];
}

/** The @font-face rules of a CSS file, its font files resolved to paths. */
function fontFacesOf(cssPath: string): FontFace[] {
  const css = readFileSync(cssPath, 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const family = /font-family:\s*['"]?([^;'"]+)['"]?;/.exec(body)?.[1] ?? '';
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    const ranges: [number, number][] = range
      ? range.split(',').map((part) => {
          const [from = '', to = from] = part.trim().slice(2).split('-');
          return [parseInt(from, 16), parseInt(to, 16)];
        })
      : [];
    const files = [...body.matchAll(/url\(['"]?([^'")]+)['"]?\)/g)].map(([, url = '']) =>
      url.startsWith('.') ? resolve(dirname(cssPath), url) : join(ROOT, 'node_modules', url),
    );
    return { family, ranges, files };
  });
}

/** A package's CSS file, as `@import '@fontsource/x/400.css'` or `import '@fontsource/x/400.css'` name it. */
const packageCss = (specifier: string) => join(ROOT, 'node_modules', specifier);

const cardFontsCss = readFileSync(CARD_FONTS_CSS, 'utf8');
const importedCss = [...cardFontsCss.matchAll(/@import\s+'([^']+)'/g)].map(([, spec = '']) =>
  packageCss(spec),
);
/** The card fonts' own faces, and the app's typefaces (the sans stacks reuse its Arabic font). */
const cardFaces = [...importedCss, CARD_FONTS_CSS].flatMap(fontFacesOf);
const mainTsx = readFileSync(join(ROOT, 'web/main.tsx'), 'utf8');
const appFaces = UI_FONT_STYLESHEETS.flatMap((spec) => fontFacesOf(packageCss(spec)));
const faces = [...cardFaces, ...appFaces];

const familiesOf = (stack: string) => stack.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
const covers = (family: string, char: string) =>
  faces.some(
    (face) =>
      face.family === family &&
      face.ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to),
  );
const namedFonts = FONT_FAMILIES.filter((f) => f !== 'default');

describe('card font stacks', () => {
  it('cover exactly the 20 fonts of SPEC §3', () => {
    expect(FONT_FAMILIES).toHaveLength(20);
    expect(Object.keys(FONT_STACKS).sort()).toEqual([...FONT_FAMILIES].sort());
    expect(FONT_STACKS.default).toBe('inherit');
  });

  it('end every named font with a generic family, so a missing font still has the right character', () => {
    for (const family of namedFonts)
      expect(GENERIC_FAMILIES, family).toContain(familiesOf(FONT_STACKS[family]).at(-1));
  });

  it('name only bundled fonts before the generic family, the first one covering Latin', () => {
    for (const family of namedFonts) {
      const names = familiesOf(FONT_STACKS[family]).slice(0, -1);
      expect(names.length, family).toBeGreaterThan(0);
      for (const name of names)
        expect(
          faces.some((face) => face.family === name),
          `${family}: ${name} is declared`,
        ).toBe(true);
      expect(covers(names[0]!, 'a') && covers(names[0]!, 'Z'), `${family}: ${names[0]} covers Latin`).toBe(
        true,
      );
    }
  });

  it('name a bundled Arabic face and a bundled Cyrillic face for every named font', () => {
    for (const family of namedFonts) {
      const names = familiesOf(FONT_STACKS[family]);
      // Alef, ain, yeh; de, zhe, yo: letters of the sample greetings.
      for (const char of ['ا', 'ع', 'ي', 'д', 'ж', 'ё'])
        expect(
          names.some((name) => covers(name, char)),
          `${family} covers ${char}`,
        ).toBe(true);
    }
  });

  it('split every card font by unicode-range, so a page downloads only the subsets its text uses', () => {
    for (const face of cardFaces) expect(face.ranges.length, face.family).toBeGreaterThan(0);
  });

  it('uses font files that exist and are too large for Vite to inline into every page', () => {
    const files = cardFaces.flatMap((face) => face.files);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).size, file).toBeGreaterThanOrEqual(VITE_INLINE_LIMIT);
  });

  it('travels with the stacks, not with every page', () => {
    expect(readFileSync(join(ROOT, 'web/lib/card-fonts.ts'), 'utf8')).toContain(
      "import '../styles/card-fonts.css';",
    );
    expect(mainTsx).not.toContain('card-fonts.css');
  });

  it('never carries anything but a font list (no CSS injection through a style value)', () => {
    for (const stack of Object.values(FONT_STACKS)) expect(stack).not.toMatch(/[;{}:]/);
  });

  it('falls back to the default for an unknown name', () => {
    expect(fontStackOf('Arial')).toBe(FONT_STACKS.Arial);
    expect(fontStackOf('Wingdings; color: red')).toBe(FONT_STACKS.default);
  });
});
