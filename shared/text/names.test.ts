import { describe, expect, it } from 'vitest';
import { isWellFormedText, nameSchema, withoutBidiControls } from './names.ts';

describe('names', () => {
  it('tells text from NUL characters and lone surrogates', () => {
    expect(isWellFormedText('Sam \u{1F600} \u0633\u0627\u0645 Саша')).toBe(true);
    for (const value of ['\u0000', 'a\u0000b', '\uD800', 'a\uDBFFb', '\uDC00', 'b\uDFFF', '\uDE00\uD83D']) {
      expect(isWellFormedText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('removes every bidi override, embedding and isolate control, and nothing else', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(withoutBidiControls(`a${controls}b`)).toBe('ab');
    // Marks (LRM, RLM, ALM) do not reorder the text around them and stay.
    expect(withoutBidiControls('a\u200E\u200F\u061Cb')).toBe('a\u200E\u200F\u061Cb');
  });

  it('refuses what is not text, then strips, trims and bounds', () => {
    const schema = nameSchema({ min: 1, max: 5 });
    expect(schema.parse(' \u202E Sam \u2069')).toBe('Sam');
    expect(schema.safeParse('Sam\u0000').error?.issues.map((issue) => issue.message)).toEqual([
      'invalid-characters',
    ]);
    expect(schema.safeParse('\u202E').success).toBe(false);
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('too-long');
    expect(schema.parse('abcde\u202E')).toBe('abcde');
  });
});
