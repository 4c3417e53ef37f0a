/**
 * The text rule's issue and the message a form shows for it, without the rule's schemas (names.ts, which
 * re-exports them): a form words its fields' issues as it renders, and its schema loads only when it is checked.
 */

/** The issue message of a string that is not text. */
export const INVALID_CHARACTERS = 'invalid-characters';

/**
 * The locale key a form shows for its contract's issue on a field (the issue's message): the text rule's own
 * (`errors.invalid-characters`, in every language), else invalid input.
 */
export function issueMessageKey(message: string | undefined): string {
  return message === INVALID_CHARACTERS ? 'errors.invalid-characters' : 'errors.validation-failed';
}
