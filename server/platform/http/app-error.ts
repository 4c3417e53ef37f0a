import type { ErrorCode } from '../../../shared/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  'validation-failed': 400,
  'not-found': 404,
  'category-not-found': 404,
  'style-not-found': 404,
  'template-not-found': 404,
  'event-not-found': 404,
  'image-not-found': 404,
  'method-not-allowed': 405,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  unauthenticated: 401,
  'permission-denied': 403,
  'forbidden-origin': 403,
  'service-unavailable': 503,
  internal: 500,
  'invalid-credential': 401,
  'email-not-verified': 403,
  'email-already-in-use': 409,
  'user-not-found': 404,
  'user-disabled': 403,
  'weak-password': 400,
  'password-too-common': 400,
  'invalid-token': 400,
  'wrong-password': 400,
  'too-many-password-attempts': 429,
  'reauthentication-required': 403,
  'account-locked': 429,
  'card-not-found': 404,
  'insufficient-credits': 402,
  'card-not-ready': 404,
  'card-removed': 410,
  'card-view-limit': 403,
  'view-limit-raised': 409,
  'view-limit-not-raisable': 409,
  'plan-required': 403,
  'payments-unavailable': 503,
  'not-an-image': 415,
  'name-taken': 409,
  'invalid-archive': 400,
  'replies-closed': 409,
  'no-room': 409,
  'guest-limit-reached': 403,
  'guest-list-invalid': 400,
  'reply-empty': 400,
  'reply-too-long': 400,
  'unknown-reaction': 400,
  'delivery-address-invalid': 400,
  'delivery-address-unsubscribed': 409,
  'reveal-in-past': 400,
  'unknown-time-zone': 400,
  'already-revealed': 409,
  'reveal-too-far': 400,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  'validation-failed': 'The request is not valid.',
  'not-found': 'Not found.',
  'category-not-found': 'This category does not exist.',
  'style-not-found': 'This style does not exist.',
  'template-not-found': 'This template does not exist.',
  'event-not-found': 'This event does not exist.',
  'image-not-found': 'Image not found.',
  'method-not-allowed': 'Method not allowed.',
  'payload-too-large': 'The request is too large.',
  'unsupported-media-type': 'Unsupported content type.',
  'rate-limited': 'Too many requests. Please try again later.',
  unauthenticated: 'Please sign in.',
  'permission-denied': 'You do not have permission to do this.',
  'forbidden-origin': 'This request came from another site.',
  'service-unavailable': 'Service temporarily unavailable. Please try again in a moment.',
  internal: 'Something went wrong. Please try again.',
  'invalid-credential': 'The email or password is incorrect.',
  'email-not-verified': 'Please verify your email before signing in.',
  'email-already-in-use': 'This email address is already in use.',
  'user-not-found': 'No account was found for this email address.',
  'user-disabled': 'This account has been disabled.',
  'weak-password': 'The password must be at least 8 characters long.',
  'password-too-common': 'This password is too easy to guess. Choose a longer or less common one.',
  'invalid-token': 'This link is invalid or has expired.',
  'wrong-password': 'The password is incorrect.',
  'too-many-password-attempts': 'Too many wrong passwords. Please wait a few minutes and try again.',
  'reauthentication-required': 'Please confirm it is you: enter your password, or sign in again.',
  'account-locked':
    'This account is locked for a while after too many wrong passwords. Sign in with a link we email you, or try again later.',
  'card-not-found': 'Card not found.',
  'insufficient-credits': 'You do not have enough credits.',
  'card-not-ready': "This card isn't ready yet",
  'card-removed': 'This card is no longer available',
  'card-view-limit': 'This card has reached its view limit',
  'view-limit-raised': "This card's view limit was raised already; it can be raised once.",
  'view-limit-not-raisable': "This card's view limit cannot be raised.",
  'plan-required': 'This comes with the Plus and Premium plans.',
  'payments-unavailable': 'Purchases are not available on this server.',
  'not-an-image': 'This file is not an image. Please choose a JPEG, PNG, WebP or GIF file.',
  'name-taken': 'This name is already used. Please choose another one.',
  'invalid-archive': 'This file is not a Winc catalog archive.',
  'replies-closed': 'Replies to this invitation are closed.',
  'no-room': 'There is no room for more people at this event.',
  'guest-limit-reached': 'This invitation has as many guests as its plan allows.',
  'guest-list-invalid': 'Some rows of the guest list could not be read.',
  'reply-empty': 'Write something before sending your reply.',
  'reply-too-long': 'A reply can be at most 500 characters long.',
  'unknown-reaction': 'This reaction is not one of the six offered.',
  'delivery-address-invalid': 'Enter one valid email address.',
  'delivery-address-unsubscribed': 'This address asked not to receive cards by email.',
  'reveal-in-past': 'That time has already passed.',
  'unknown-time-zone': 'That is not a known time zone.',
  'already-revealed': 'The card has already opened; its time can no longer change.',
  'reveal-too-far': 'Choose a time within a year from now.',
};

/** An expected failure with a stable code; the error handler turns it into `{code, message}`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.statusCode = STATUS[code];
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGE[code];
}
