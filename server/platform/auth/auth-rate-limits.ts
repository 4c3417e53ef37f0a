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
  '/sign-in/email': { perIp: { limit: 10, windowMs: MINUTE }, perEmail: { limit: 5, windowMs: MINUTE } },
  '/sign-up/email': { perIp: { limit: 5, windowMs: HOUR }, perEmail: { limit: 3, windowMs: HOUR } },
  '/request-password-reset': { perIp: { limit: 10, windowMs: HOUR }, perEmail: { limit: 3, windowMs: HOUR } },
  '/send-verification-email': {
    perIp: { limit: 10, windowMs: HOUR },
    perEmail: { limit: 3, windowMs: HOUR },
  },
  '/reset-password': { perIp: { limit: 10, windowMs: HOUR } },
  '/change-email': { perIp: { limit: 10, windowMs: HOUR } },
  '/sign-in/social': { perIp: { limit: 20, windowMs: MINUTE } },
};

/** Rate limits on our own account routes that cost work or mail. */
export const ACCOUNT_RATE_LIMITS = {
  avatarUpload: { limit: 20, windowMs: HOUR },
  deleteAccount: { limit: 5, windowMs: HOUR },
  guestSession: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;
