import { FONT_FAMILIES, type FontFamily } from '../../shared/cards/cards.contract.ts';

/**
 * The CSS font stack of each of SPEC §3's card fonts, one place for the editor's live preview and the
 * overview. For now these are system stacks (nothing downloaded): where the named font is not installed the
 * browser falls back to a font of the same character. Bundling free look-alike font files (with Arabic and
 * Cyrillic coverage) is a later step of issue 4; only this table changes then.
 */
export const FONT_STACKS: Readonly<Record<FontFamily, string>> = {
  default: 'inherit',
  Arial: 'Arial, Helvetica, "Liberation Sans", sans-serif',
  Times: '"Times New Roman", Times, "Liberation Serif", serif',
  Helvetica: 'Helvetica, Arial, "Liberation Sans", sans-serif',
  Georgia: 'Georgia, "DejaVu Serif", serif',
  Verdana: 'Verdana, Geneva, "DejaVu Sans", sans-serif',
  Cursive: 'cursive',
  Fantasy: 'fantasy',
  Impact: 'Impact, Haettenschweiler, "Arial Narrow Bold", sans-serif',
  Papyrus: 'Papyrus, fantasy',
  'Brush Script': '"Brush Script MT", "Brush Script Std", cursive',
  'Lucida Handwriting': '"Lucida Handwriting", "Lucida Calligraphy", cursive',
  Chiller: 'Chiller, "Jokerman", fantasy',
  Creepster: 'Creepster, "Chiller", fantasy',
  Halloween: '"Halloween", "Chiller", fantasy',
  Gothic: '"Old English Text MT", "UnifrakturMaguntia", "Century Gothic", fantasy',
  Spooky: '"Spooky", "Creepster", "Chiller", fantasy',
  Monospace: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
  'Comic Sans': '"Comic Sans MS", "Comic Neue", "Chalkboard SE", cursive',
  Trebuchet: '"Trebuchet MS", "Lucida Grande", sans-serif',
};

/** The stack for a saved font name; an unknown name (an older card, a hand-made request) gets the default. */
export function fontStackOf(fontFamily: string): string {
  return (FONT_FAMILIES as readonly string[]).includes(fontFamily)
    ? FONT_STACKS[fontFamily as FontFamily]
    : FONT_STACKS.default;
}
