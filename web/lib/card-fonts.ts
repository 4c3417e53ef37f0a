// The @font-face rules travel with the stacks: only pages that show a card's text load them.
import '../styles/card-fonts.css';
import { FONT_FAMILIES, type FontFamily } from '../../shared/cards/card-rules.ts';

/**
 * The CSS font stack of each of SPEC §3's card fonts, one place for the editor's live preview and the
 * overview. The named fonts are mostly proprietary, so each stack starts with a free look-alike bundled from
 * npm and declared in `web/styles/card-fonts.css` (served from our origin, downloaded only when a message uses
 * it): the same letters on every device, where system stacks fell back to one generic font on Linux and
 * Android. Where the look-alike has no Cyrillic a second bundled face of the same character covers it, then
 * an Arabic face of similar character, then a generic family. `default` is the app's own font. The choices
 * and their cost: docs/decisions/0009-card-fonts.md.
 */
export const FONT_STACKS: Readonly<Record<FontFamily, string>> = {
  default: 'inherit',
  Arial: 'Arimo, "Noto Kufi Arabic Variable", sans-serif',
  Times: 'Tinos, Amiri, serif',
  Helvetica: 'Arimo, "Noto Kufi Arabic Variable", sans-serif',
  Georgia: 'Gelasio, "PT Serif", Amiri, serif',
  Verdana: '"Noto Sans", "Noto Kufi Arabic Variable", sans-serif',
  Cursive: 'Caveat, "Aref Ruqaa", cursive',
  Fantasy: 'Lobster, Lalezar, fantasy',
  Impact: 'Oswald, Lalezar, sans-serif',
  Papyrus: 'Kurale, "Aref Ruqaa", fantasy',
  'Brush Script': '"Marck Script", "Aref Ruqaa", cursive',
  'Lucida Handwriting': '"Bad Script", "Aref Ruqaa", cursive',
  Chiller: '"Rubik Wet Paint", Lalezar, fantasy',
  Creepster: 'Creepster, "Rubik Wet Paint", Lalezar, fantasy',
  Halloween: 'Nosifer, "Rubik Wet Paint", Lalezar, fantasy',
  Gothic: 'UnifrakturMaguntia, "Ruslan Display", Blaka, fantasy',
  Spooky: '"Rubik Beastly", Lalezar, fantasy',
  Monospace: 'Cousine, "Noto Kufi Arabic Variable", monospace',
  'Comic Sans': '"Comic Relief", Marhey, cursive',
  Trebuchet: '"Fira Sans", "Noto Kufi Arabic Variable", sans-serif',
};

/** The stack for a saved font name; an unknown name (an older card, a hand-made request) gets the default. */
export function fontStackOf(fontFamily: string): string {
  return (FONT_FAMILIES as readonly string[]).includes(fontFamily)
    ? FONT_STACKS[fontFamily as FontFamily]
    : FONT_STACKS.default;
}

/**
 * Fetches the faces a message will be drawn in (those of its stack that hold its characters), so that a card
 * opened later shows its own letters at once instead of drawing the message again when they arrive.
 */
export function loadMessageFont({
  message,
  textStyles,
}: {
  message: string;
  textStyles: { fontFamily: string; fontSize: number };
}): void {
  const stack = fontStackOf(textStyles.fontFamily);
  if (stack === FONT_STACKS.default) return;
  // A face that fails to load leaves the message in the next one of its stack, as it would be drawn anyway.
  document.fonts.load(`${textStyles.fontSize}px ${stack}`, message).catch(() => undefined);
}
