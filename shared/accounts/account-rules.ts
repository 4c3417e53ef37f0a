/**
 * The accounts' figures and agreed paths, without their schemas (accounts.contract.ts, which re-exports them):
 * the browser's forms show them on their first screen, and the schemas load only when a form is checked.
 */

/** New accounts start with this many credits on the free tier (SPEC §9). */
export const NEW_USER_CREDITS = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A sign-in link mailed to a locked account works once, for this many minutes. */
export const SIGN_IN_LINK_LIFETIME_MINUTES = 10;

/** The longest account name, at sign-up and in PATCH /api/me. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** better-auth's provider id for Google (`POST /api/auth/sign-in/social {provider: 'google'}`). */
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Return paths agreed between server and browser (same-origin relative paths only; the server refuses any
 * other `callbackURL`, `errorCallbackURL`, `newUserCallbackURL` or `redirectTo`).
 */
export const AUTH_CALLBACKS = {
  /** Where the verification link lands (signed in: the link signs the user in). */
  emailVerified: '/signin?verified=1',
  /**
   * The same, carrying the card a guest was sharing when they signed up: the verified user goes on to pay
   * for it (SPEC §4), even when the mail is opened in another tab. The server hands it over only if it is
   * the user's card by then.
   */
  emailVerifiedWithCard: (cardId: string) => `/signin?verified=1&card=${encodeURIComponent(cardId)}`,
  /** The page that takes `?token=` from the reset mail and posts the new password. */
  resetPassword: '/reset-password',
  /** The sign-in page, as mails link to it. */
  signIn: '/signin',
  /**
   * Where a verification link opened in a browser that did not choose the account's password lands:
   * `?token=` (posted to `/api/auth/reset-password` with the chosen password, which then signs in) and
   * `next`, the link's own return path, where the page goes once the password is chosen.
   */
  choosePassword: '/choose-password',
  /** Where OAuth errors land, with `?error=CODE` appended by the server. */
  signInError: '/signin',
  /** Suggested callbackURL for the email-change links. */
  emailChanged: '/account-info?email-changed=1',
  /** Where a mailed sign-in link lands, signed in (or with `&error=CODE` when it is used or expired). */
  signInLink: '/signin?link=1',
} as const;

/**
 * How long after signing in an account without a password (Google only) may be deleted without signing in
 * again: the sign-in is its proof that the owner is at the keyboard.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** Avatar upload: POST /api/me/avatar with the raw image as the body and its type as Content-Type. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
/** Stored avatars are re-encoded to WebP, at most this many pixels on each side, without metadata. */
export const AVATAR_MAX_SIZE_PX = 512;
