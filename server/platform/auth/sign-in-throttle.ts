import type { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../http/app-error.ts';
import type { RateLimitHit, RateLimiter, RateLimitRule } from '../http/rate-limit.ts';
import { PASSWORD_RECHECK_FAILURE_LIMITS, SIGN_IN_FAILURE_LIMITS } from './auth-rate-limits.ts';

/** A password attempt being counted; `settle` once it is known whether the password was wrong. */
export interface PasswordAttempt {
  settle(failed: boolean): Promise<void>;
}

interface Budget {
  key: string;
  rule: RateLimitRule;
  /** The code a refusal by this budget answers with (`rate-limited` otherwise). */
  refusal?: ErrorCode;
}

/**
 * Counts a password attempt in each budget, in order, before it is tried, so concurrent guesses cannot all
 * slip under a limit; `settle(false)` gives every count back, so only wrong passwords are spent. A refused
 * attempt is never tried, so it is no failure either: only the exhausted budget keeps its count, and the
 * budgets after it never see the attempt.
 */
async function beginCountedAttempt(rateLimiter: RateLimiter, budgets: Budget[]): Promise<PasswordAttempt> {
  const hits: RateLimitHit[] = [];
  const refundAll = () => Promise.all(hits.map((hit) => rateLimiter.refund(hit))).then(() => undefined);
  for (const { key, rule, refusal } of budgets) {
    try {
      hits.push(await rateLimiter.consume(key, rule));
    } catch (error) {
      await refundAll();
      if (refusal && error instanceof AppError && error.code === 'rate-limited') {
        throw new AppError(refusal, undefined, error.details);
      }
      throw error;
    }
  }
  return { settle: (failed) => (failed ? Promise.resolve() : refundAll()) };
}

const SIGN_IN_PREFIX = 'auth:sign-in-failures';

/**
 * Throttles failed sign-ins per (account, client address), per client address and per account
 * (SIGN_IN_FAILURE_LIMITS). A client already refused for this account never reaches the account's own
 * budget, so a lone stranger cannot lock the owner out; many addresses together can, and then the account is
 * `account-locked` — except for the owner's known device (`knownDevice`: a device that signed into this
 * account before), which the account's budget neither refuses nor counts.
 */
export function beginSignInAttempt(
  rateLimiter: RateLimiter,
  email: string,
  ip: string,
  options: { knownDevice: boolean },
): Promise<PasswordAttempt> {
  return beginCountedAttempt(rateLimiter, [
    { key: `${SIGN_IN_PREFIX}:email-ip:${email}|${ip}`, rule: SIGN_IN_FAILURE_LIMITS.perEmailAndIp },
    { key: `${SIGN_IN_PREFIX}:ip:${ip}`, rule: SIGN_IN_FAILURE_LIMITS.perIp },
    ...(options.knownDevice
      ? []
      : [
          {
            key: `${SIGN_IN_PREFIX}:email:${email}`,
            rule: SIGN_IN_FAILURE_LIMITS.perEmail,
            refusal: 'account-locked' as const,
          },
        ]),
  ]);
}

const RECHECK_PREFIX = 'auth:password-recheck-failures';

/**
 * Throttles a signed-in user's wrong passwords (PASSWORD_RECHECK_FAILURE_LIMITS), per session and per account
 * across its sessions, whatever asked for the password: every re-check shares these budgets.
 */
export function beginPasswordRecheck(
  rateLimiter: RateLimiter,
  session: { sessionId: string; userId: string },
): Promise<PasswordAttempt> {
  const refusal = 'too-many-password-attempts' as const;
  return beginCountedAttempt(rateLimiter, [
    {
      key: `${RECHECK_PREFIX}:session:${session.sessionId}`,
      rule: PASSWORD_RECHECK_FAILURE_LIMITS.perSession,
      refusal,
    },
    {
      key: `${RECHECK_PREFIX}:user:${session.userId}`,
      rule: PASSWORD_RECHECK_FAILURE_LIMITS.perAccount,
      refusal,
    },
  ]);
}
