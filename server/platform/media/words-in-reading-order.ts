import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/**
 * A line's words in the order they are seen from right to left (`rtl`) or left to right (`ltr`), by the
 * Unicode bidirectional algorithm (UAX #9) applied to whole words: satori lays out one word of any script
 * correctly — Arabic joined — but not a line that mixes directions ('إلى Alex', 'Hi ليلى'). Laid out from
 * the line's start, the words then wrap onto the next line as the line's direction reads.
 */
export function wordsInReadingOrder(text: string, direction: 'ltr' | 'rtl'): string[] {
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const base = direction === 'rtl' ? 1 : 0;
  const words: Array<{ text: string; level: number }> = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const at = match.index;
    // A word takes the direction of its first letter; a word without letters (a dash, a number) the line's.
    const strong = [...match[0]].findIndex((char) => /\p{L}/u.test(char));
    words.push({ text: match[0], level: strong === -1 ? base : levels[at + strong]! });
  }
  const highest = Math.max(base, ...words.map((word) => word.level));
  const lowestOdd = Math.min(
    ...words.map((word) => word.level).filter((level) => level % 2 === 1),
    highest + 1,
  );
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < words.length; start++) {
      if (words[start]!.level < level) continue;
      let end = start;
      while (end + 1 < words.length && words[end + 1]!.level >= level) end++;
      words.splice(start, end - start + 1, ...words.slice(start, end + 1).reverse());
      start = end;
    }
  }
  // Now in left-to-right order; a right-to-left line is laid out from its right end. Satori sets a word's
  // trailing punctuation on its right; in a right-to-left line it belongs on the left, so it goes first.
  const visual = words.map((word) =>
    direction === 'rtl' ? word.text.replace(/^(.*\p{L})([\p{P}\p{S}]+)$/u, '$2$1') : word.text,
  );
  return direction === 'rtl' ? visual.reverse() : visual;
}
