/**
 * Stable error codes of the API. The server answers `{code, message}`; the browser shows the localized
 * text for the code (locale key `errors.{code}`), the English message is only a fallback for logs and tools.
 */
export const ERROR_CODES = [
  'validation-failed',
  'not-found',
  'category-not-found',
  'style-not-found',
  'template-not-found',
  'event-not-found',
  'image-not-found',
  'method-not-allowed',
  'payload-too-large',
  'unsupported-media-type',
  'rate-limited',
  'unauthenticated',
  'permission-denied',
  'forbidden-origin',
  'service-unavailable',
  'internal',
  // Accounts: SPEC §8's authentication codes.
  'invalid-credential',
  'email-not-verified',
  'email-already-in-use',
  'user-not-found',
  'user-disabled',
  'weak-password',
  // A new password among the easily guessed ones (common passwords, keyboard walks, the user's own email).
  'password-too-common',
  'invalid-token',
  // Re-checking a signed-in user's password (deleting the account, changing the password): SPEC §8's
  // wrong-password; too many of them; and an action that needs the password, or a recent sign-in without one.
  'wrong-password',
  'too-many-password-attempts',
  'reauthentication-required',
  // Too many wrong passwords for one account from many addresses: only its known devices, or a link mailed
  // to it, sign in until the window ends.
  'account-locked',
  // Cards: "not found" and "not yours" are one answer (DESIGN §5).
  'card-not-found',
  // Checkout: SPEC §5 'You do not have enough credits.'
  'insufficient-credits',
  // The recipient page (DESIGN §1.5): a card not paid yet; an unknown link is `card-not-found`, and one whose
  // card its owner deleted is `card-removed` (410 Gone).
  'card-not-ready',
  'card-removed',
  // Views (DESIGN §1.7): a new device past the card's view limit.
  'card-view-limit',
  // The sender's raise of a card's view limit: asked a second time (it is once per card), or for a card whose
  // limit cannot be raised now (not reached, or no plan allows more).
  'view-limit-raised',
  'view-limit-not-raisable',
  // Plans (DESIGN §1.18): a feature of Plus and Premium asked for on another plan.
  'plan-required',
  // Payments: neither Stripe nor the test-mode checkout on this server.
  'payments-unavailable',
  // The catalog admin area (DESIGN §1.16): artwork that is not an image by its content, a category or style
  // name already used, an import that is not a catalog archive.
  'not-an-image',
  'name-taken',
  'invalid-archive',
  // Invitations (DESIGN §1.20): an answer after the deadline, a yes the capacity cannot take for a guest
  // already coming, more guests than the plan allows, a guest list with rows that cannot be read.
  'replies-closed',
  'no-room',
  'guest-limit-reached',
  'guest-list-invalid',
  // Replies (DESIGN §1.21): an empty text, one over 500 characters, a reaction not among the six.
  'reply-empty',
  'reply-too-long',
  'unknown-reaction',
  // Delivery by email (DESIGN §1.22): not one valid address (a list, a header injection, a typo); an address
  // that unsubscribed from cards mailed by Winc.
  'delivery-address-invalid',
  'delivery-address-unsubscribed',
  // Scheduled reveal (DESIGN §1.22): a time already past, a zone that is not an IANA one, a change after the
  // card opened, a time more than a year ahead.
  'reveal-in-past',
  'unknown-time-zone',
  'already-revealed',
  'reveal-too-far',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. */
export interface ApiError {
  code: ErrorCode;
  message: string;
}

const errorCodes: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The `{code, message}` of an error body, or null when it has another shape (a proxy's error page, a
 * better-auth answer).
 */
export function readApiError(body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !errorCodes.has(code) || typeof message !== 'string') return null;
  return { code: code as ErrorCode, message };
}
