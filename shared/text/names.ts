import { z } from 'zod';

/**
 * Names people type (a card's sender and recipient, an account's name) are shown to other people, in
 * left-to-right and right-to-left pages. The rules for them live here, so the server and every form apply the
 * same ones:
 * - NUL and lone UTF-16 surrogates are refused (`invalid-characters`): neither is text; PostgreSQL cannot store
 *   NUL, and a lone surrogate silently turns into U+FFFD on its way to UTF-8.
 * - Bidi override, embedding and isolate controls (U+202A–U+202E, U+2066–U+2069) are removed on input, so no
 *   stored name carries one: a name could otherwise reverse or reorder the text around it wherever it is shown
 *   (mails, the recipient page, link previews), and no display has to remember to neutralise it.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Whether a string is text: no NUL character and no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The string without bidi override, embedding and isolate controls. */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/**
 * A name field: refused when it is not text, bidi controls removed, then trimmed and bounded (`too-long` past
 * `max`; at least `min` characters when given).
 */
export function nameSchema(bounds: { max: number; min?: number }) {
  const name = z
    .string()
    .refine(isWellFormedText, { message: 'invalid-characters', abort: true })
    .overwrite(withoutBidiControls)
    .trim();
  return (bounds.min ? name.min(bounds.min) : name).max(bounds.max, 'too-long');
}
