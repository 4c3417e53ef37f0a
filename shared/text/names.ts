import { z } from 'zod';
import { INVALID_CHARACTERS, issueMessageKey } from './text-issues.ts';

/**
 * The one rule for text people send (names, messages, descriptions, search words, ids, and every other string
 * of a request), here so that the server's contracts and every form apply the same one:
 * - Every string must be text: NUL and lone UTF-16 surrogates are refused with `invalid-characters`, never
 *   cleaned away. Neither is text a person typed; PostgreSQL cannot store NUL, and a lone surrogate silently
 *   turns into U+FFFD on its way to UTF-8 (so what was checked would not be what is stored or shown).
 * - One-line text (a card's sender and recipient, an account's name, catalog names and their translations,
 *   tags, ids, search words, email addresses, phone numbers) has its bidi override, embedding and isolate
 *   controls (U+202A–U+202E, U+2066–U+2069) removed and each run of line breaks turned into one space, then is
 *   trimmed. A name is shown to other people, in left-to-right and right-to-left pages (mails, the recipient
 *   page, link previews, the catalog): a control in it could reverse or reorder the text around it, and no
 *   display has to remember to neutralise it. Marks (LRM, RLM, ALM) stay: they reorder nothing around them.
 * - Text of several lines (a card's message, a template's description and its translations, a help request's
 *   description, the AI dialog's personal details and the message it rewrites) keeps its line breaks and its
 *   bidi controls — the writer's own layout of mixed Arabic and English, shown inside its own block — and is
 *   trimmed.
 * - Passwords are only checked (`wellFormedTextSchema`), never changed: they are compared, not shown.
 * - A path parameter that names a card (its id, its media) is not refused: whatever it holds, it answers like
 *   an unknown card (DESIGN §5). Every other path parameter is one-line text.
 * - Text a machine wrote (an AI's answer) is cleaned of what is not text (`withoutNotText`) instead: nobody
 *   could type it again.
 * Every form shows `invalid-characters` with one message, `errors.invalid-characters` (`issueMessageKey`).
 */

/** NUL, or a high or low surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- NUL is what this rule looks for
const NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ALL_NOT_TEXT = new RegExp(NOT_TEXT.source, 'g');
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** CR, LF, vertical tab, form feed, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAKS = /[\r\n\v\f\u0085\u2028\u2029]+/g;

export { INVALID_CHARACTERS, issueMessageKey } from './text-issues.ts';

/**
 * The locale key a form shows when its contract refused a whole input before it was sent (zod's error); null
 * for any other failure (a request's, which web/lib/error-message.ts words).
 */
export function refusalMessageKey(error: unknown): string | null {
  if (!(error instanceof z.ZodError)) return null;
  return issueMessageKey(error.issues.find((issue) => issue.message === INVALID_CHARACTERS)?.message);
}

/** Whether a string is text: no NUL character and no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return !NOT_TEXT.test(value);
}

/** The string without its NUL characters and lone surrogates (text a machine wrote). */
export function withoutNotText(value: string): string {
  return value.replace(ALL_NOT_TEXT, '');
}

/** The string without bidi override, embedding and isolate controls. */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** One-line text as this rule stores it (before trimming): no bidi controls, line breaks as spaces. */
export function asOneLine(value: string): string {
  return withoutBidiControls(value).replace(LINE_BREAKS, ' ');
}

type StringParams = Parameters<typeof z.string>[0];

/** A string that must be text, left as it is (a password). `params` are zod's, e.g. the missing-field message. */
export function wellFormedTextSchema(params?: StringParams) {
  return z.string(params).refine(isWellFormedText, { message: INVALID_CHARACTERS, abort: true });
}

/**
 * A text field: refused when it is not text, made one line unless `multiline` (see above), trimmed, and at most
 * `max` characters (`too-long`). Further checks chain on (`.min(1, 'required')`, `.regex(…)`).
 */
export function textSchema(bounds: { max: number; multiline?: boolean }, params?: StringParams) {
  const text = wellFormedTextSchema(params);
  return (bounds.multiline ? text : text.overwrite(asOneLine)).trim().max(bounds.max, 'too-long');
}

/** A name: one line of text, at least `min` characters when given. */
export function nameSchema(bounds: { max: number; min?: number }) {
  const name = textSchema({ max: bounds.max });
  return bounds.min ? name.min(bounds.min) : name;
}
