import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { nameSchema, textSchema, wellFormedTextSchema } from '../text/names.ts';
import { ACCOUNT_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-rules.ts';

export {
  ACCOUNT_NAME_MAX_LENGTH,
  AUTH_CALLBACKS,
  AVATAR_ACCEPTED_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_SIZE_PX,
  GOOGLE_PROVIDER_ID,
  NEW_USER_CREDITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RECENT_SIGN_IN_MS,
  SIGN_IN_LINK_LIFETIME_MINUTES,
} from './account-rules.ts';

/**
 * Accounts API shared by the server and the browser. better-auth serves the authentication
 * endpoints under `/api/auth/*`; these are our own additions around the signed-in user.
 */

/** 'free', or `{tierId}_{cycle}` after a purchase (DESIGN §1.9). */
export const tierSchema = z.string().regex(/^(free|(plus|premium)_(monthly|bulk))$/);

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Avatar URL, or null. */
  image: z.string().nullable(),
  credits: z.number().int(),
  tier: tierSchema,
  /** The UI language stored at sign-up or by PATCH /api/me (mails use it when a request carries none). */
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  /** Manages the catalog (ADMIN_EMAILS, verified): the app shows the link to the admin area. */
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/me — the signed-in user, or null. */
export const meResponseSchema = z.object({ user: currentUserSchema.nullable() });
/** DELETE /api/me: the account and everything it made are gone, and the browser is signed out. */
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

/**
 * DELETE /api/me's body: an account with a password confirms with it (a wrong one is `wrong-password`,
 * throttled like every re-check); one without needs a sign-in of the last RECENT_SIGN_IN_MS. Otherwise
 * `reauthentication-required`.
 */
export const deleteAccountRequestSchema = z
  .object({ password: wellFormedTextSchema().min(1).max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** GET /api/me/deletion — what deleting this account asks for, so the confirmation can ask for it. */
export const accountDeletionCheckSchema = z.discriminatedUnion('confirmWith', [
  z.object({ confirmWith: z.literal('password') }),
  z.object({
    confirmWith: z.literal('recent-sign-in'),
    /** Whether this session signed in within RECENT_SIGN_IN_MS, as of now. */
    signedInRecently: z.boolean(),
  }),
]);
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheckSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Server-Sent Event `credits` on GET /api/me/events. */
export const creditsEventSchema = z.object({ credits: z.number().int(), tier: tierSchema });
export type CreditsEvent = z.infer<typeof creditsEventSchema>;

/** The account's name, at sign-up (better-auth's user hook applies it) and in PATCH /api/me. */
export const accountNameSchema = nameSchema({ min: 1, max: ACCOUNT_NAME_MAX_LENGTH });

export const signUpInputSchema = z.object({
  name: accountNameSchema,
  email: z.string().trim().toLowerCase().email().max(254),
  password: wellFormedTextSchema().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/**
 * The email sign-in: the sign-up's email rules; the password is only bounded (an account's password follows
 * the rules of the day it was set, and a wrong one is the server's to refuse).
 */
export const signInInputSchema = z.object({
  email: signUpInputSchema.shape.email,
  password: wellFormedTextSchema().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** POST /api/me/claim-guest-cards — after sign-in, moves the guest session's cards to the user. */
export const claimGuestCardsRequestSchema = z.object({ cardId: textSchema({ max: 100 }).min(1).optional() });
export const claimGuestCardsResponseSchema = z.object({
  transferred: z.number().int(),
  /** The carried card when it now belongs to the user (go to checkout with it), else null (go home). */
  cardId: z.string().nullable(),
});
export type ClaimGuestCardsResponse = z.infer<typeof claimGuestCardsResponseSchema>;

/** PATCH /api/me — the fields a user may change themselves (never credits or tier). */
export const updateProfileRequestSchema = z
  .object({
    name: accountNameSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** GET /api/auth-providers — which sign-in methods this server offers (Google needs configuration). */
export const authProvidersResponseSchema = z.object({
  emailPassword: z.literal(true),
  google: z.boolean(),
  /** Apple sign-in only shows SPEC §1's informational message. */
  apple: z.literal(false),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** POST /api/guest-session — ensures the browser holds a server-issued guest cookie (httpOnly, signed). */
export const guestSessionResponseSchema = z.object({
  /** True when a new guest session was issued, false when the browser already had a valid one. */
  issued: z.boolean(),
});
export type GuestSessionResponse = z.infer<typeof guestSessionResponseSchema>;

/**
 * Error codes the authentication endpoints answer with (`{code, message}` like the rest of the API; better-auth's
 * own code is kept in `authCode`). SPEC §8's 'wrong-password' and 'invalid-credential' are one code here
 * (the server never tells which part was wrong); 'too-many-requests' is 'rate-limited'.
 */
export const AUTH_ERROR_CODES = [
  'invalid-credential',
  'email-not-verified',
  'email-already-in-use',
  'user-not-found',
  'user-disabled',
  'weak-password',
  'password-too-common',
  'invalid-token',
  'wrong-password',
  'too-many-password-attempts',
  'account-locked',
  'rate-limited',
  'forbidden-origin',
  'validation-failed',
  'unauthenticated',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
