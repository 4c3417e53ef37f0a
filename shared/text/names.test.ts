import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ar from '../i18n/locales/ar.json';
import en from '../i18n/locales/en.json';
import ru from '../i18n/locales/ru.json';
import {
  asOneLine,
  isWellFormedText,
  issueMessageKey,
  nameSchema,
  refusalMessageKey,
  textSchema,
  wellFormedTextSchema,
  withoutBidiControls,
  withoutNotText,
} from './names.ts';

const issuesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

/** What is not text: NUL, and high or low surrogates without their other half. */
const NOT_TEXT = ['\u0000', 'a\u0000b', '\uD800', 'a\uDBFFb', '\uDC00', 'b\uDFFF', '\uDE00\uD83D'];

describe('the text rule', () => {
  it('tells text from NUL characters and lone surrogates', () => {
    expect(isWellFormedText('Sam \u{1F600} \u0633\u0627\u0645 Саша')).toBe(true);
    for (const value of NOT_TEXT) expect(isWellFormedText(value), JSON.stringify(value)).toBe(false);
  });

  it('drops what is not text from text a machine wrote, and keeps whole surrogate pairs', () => {
    expect(withoutNotText('a\u0000b\uD800c\uDC00d \u{1F600}\uDE00\uD83D')).toBe('abcd \u{1F600}');
  });

  it('removes every bidi override, embedding and isolate control, and nothing else', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(withoutBidiControls(`a${controls}b`)).toBe('ab');
    // Marks (LRM, RLM, ALM) do not reorder the text around them and stay.
    expect(withoutBidiControls('a\u200E\u200F\u061Cb')).toBe('a\u200E\u200F\u061Cb');
  });

  it('makes one line of a text: its line breaks become one space, its bidi controls go', () => {
    expect(asOneLine('Sam\r\nand\n\nAlex\u2028\u2029x\u0085y\vz\fw')).toBe('Sam and Alex x y z w');
    expect(asOneLine('a\u202E\nb\tc')).toBe('a b\tc');
  });

  it('refuses what is not text in every kind of field, with one message', () => {
    const schemas = [
      textSchema({ max: 100 }),
      textSchema({ max: 100, multiline: true }),
      nameSchema({ min: 1, max: 100 }),
      wellFormedTextSchema(),
      textSchema({ max: 100 }).min(1, 'required').optional(),
    ];
    for (const schema of schemas)
      for (const value of NOT_TEXT)
        expect(issuesOf(schema.safeParse(value)), JSON.stringify(value)).toEqual(['invalid-characters']);
  });

  it('keeps a one-line text on one line without bidi controls, trimmed and bounded', () => {
    const schema = textSchema({ max: 8 });
    expect(schema.parse(' \u202E Sam\nAlex \u2069\n')).toBe('Sam Alex');
    expect(schema.parse('\u0633\u0627\u0645\u200F!')).toBe('\u0633\u0627\u0645\u200F!');
    expect(issuesOf(schema.safeParse('abcdefghi'))).toEqual(['too-long']);
    expect(schema.parse('abcdefgh\u202E')).toBe('abcdefgh');
  });

  it('keeps the line breaks and bidi controls of a text of several lines, trimmed and bounded', () => {
    const schema = textSchema({ max: 30, multiline: true });
    expect(schema.parse('\n Dear \u2067\u0633\u0627\u0645\u2069,\n\nhappy birthday!\r\n ')).toBe(
      'Dear \u2067\u0633\u0627\u0645\u2069,\n\nhappy birthday!',
    );
    expect(issuesOf(schema.safeParse('x'.repeat(31)))).toEqual(['too-long']);
  });

  it('takes further checks and the messages of a missing value', () => {
    const schema = textSchema({ max: 10 }, { message: 'required' }).min(1, 'required');
    expect(issuesOf(schema.safeParse(undefined))).toEqual(['required']);
    expect(issuesOf(schema.safeParse(' \n '))).toEqual(['required']);
  });

  it('leaves a password as it was typed', () => {
    expect(wellFormedTextSchema().parse(' pass\u202E word\n')).toBe(' pass\u202E word\n');
  });

  it('refuses what is not text in a name, then strips, trims and bounds', () => {
    const schema = nameSchema({ min: 1, max: 5 });
    expect(schema.parse(' \u202E Sam \u2069')).toBe('Sam');
    expect(issuesOf(schema.safeParse('Sam\u0000'))).toEqual(['invalid-characters']);
    expect(schema.safeParse('\u202E').success).toBe(false);
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('too-long');
    expect(schema.parse('abcde\u202E')).toBe('abcde');
  });

  it('gives the forms one message for it, in English, Arabic and Russian', () => {
    expect(issueMessageKey('invalid-characters')).toBe('errors.invalid-characters');
    expect(issueMessageKey('too-long')).toBe('errors.validation-failed');
    const contract = z.object({
      name: textSchema({ max: 3 }),
      note: textSchema({ max: 3, multiline: true }),
    });
    expect(refusalMessageKey(contract.safeParse({ name: 'long', note: 'a\u0000' }).error)).toBe(
      'errors.invalid-characters',
    );
    expect(refusalMessageKey(contract.safeParse({ name: 'long', note: '' }).error)).toBe(
      'errors.validation-failed',
    );
    expect(refusalMessageKey(new Error('network'))).toBeNull();
    for (const locale of [en, ar, ru]) expect(locale.errors['invalid-characters']).toMatch(/\S/);
  });
});
