import type { RateLimitRule } from '../http/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AuthRateLimit {
  /** Per client IP (Fastify's request.ip: X-Forwarded-For counts only with TRUST_PROXY). */
  perIp: RateLimitRule;
  /** Per account, keyed by the normalized email in the body (absent for requests without one). */
  perEmail?: RateLimitRule;
}

/**
 * Every limit on the authentication endpoints, in one place (docs/decisions/0004-accounts.md). Counted in the
 * database, so all instances share them. Keys are `auth:{path}:{ip|email}:{value}`.
 */
export const AUTH_RATE_LIMITS: Record<string, AuthRateLimit> = {
  // Per account only its failures count, by client: see SIGN_IN_FAILURE_LIMITS.
  '/sign-in/email': { perIp: { limit: 10, windowMs: MINUTE } },
  '/sign-up/email': { perIp: { limit: 5, windowMs: HOUR }, perEmail: { limit: 3, windowMs: HOUR } },
  '/request-password-reset': { perIp: { limit: 10, windowMs: HOUR }, perEmail: { limit: 3, windowMs: HOUR } },
  '/send-verification-email': {
    perIp: { limit: 10, windowMs: HOUR },
    perEmail: { limit: 3, windowMs: HOUR },
  },
  '/reset-password': { perIp: { limit: 10, windowMs: HOUR } },
  '/change-email': { perIp: { limit: 10, windowMs: HOUR } },
  '/sign-in/social': { perIp: { limit: 20, windowMs: MINUTE } },
  // One-time sign-in links by mail (for an account locked by many addresses' guesses), like reset mails.
  '/sign-in/magic-link': { perIp: { limit: 10, windowMs: HOUR }, perEmail: { limit: 3, windowMs: HOUR } },
};

/**
 * Failed sign-ins (wrong email or password), counted per account *and* client address, per client address,
 * and per account across all clients. A stranger guessing someone's password throttles only themselves; the
 * owner, from their own address, still gets in. The per-account budget is ten strangers' worth, so only many
 * addresses guessing together reach it. Keys are `auth:sign-in-failures:{email-ip|ip|email}:{value}`.
 */
export const SIGN_IN_FAILURE_LIMITS = {
  perEmailAndIp: { limit: 5, windowMs: 15 * MINUTE },
  perIp: { limit: 30, windowMs: 15 * MINUTE },
  perEmail: { limit: 50, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Wrong passwords given by a signed-in user to prove it is them (changing the password, deleting the
 * account), per session and per account across its sessions. Only failures count, as at sign-in: someone who
 * holds a stolen session cannot guess the password to take the account over. Keys are
 * `auth:password-recheck-failures:{session|user}:{id}`.
 */
export const PASSWORD_RECHECK_FAILURE_LIMITS = {
  perSession: { limit: 5, windowMs: 15 * MINUTE },
  perAccount: { limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Rate limits on our own account routes that cost work or mail. */
export const ACCOUNT_RATE_LIMITS = {
  avatarUpload: { limit: 20, windowMs: HOUR },
  deleteAccount: { limit: 5, windowMs: HOUR },
  guestSession: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
