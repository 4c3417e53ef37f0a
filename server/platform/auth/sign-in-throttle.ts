import type { RateLimitHit, RateLimiter } from '../http/rate-limit.ts';
import { SIGN_IN_FAILURE_LIMITS } from './auth-rate-limits.ts';

const PREFIX = 'auth:sign-in-failures';

/** A sign-in attempt being counted; `settle` with better-auth's answer once there is one. */
export interface SignInAttempt {
  settle(status: number): Promise<void>;
}

/**
 * Throttles failed sign-ins per (account, client address), per client address and per account
 * (SIGN_IN_FAILURE_LIMITS). Each attempt is counted before it is tried, so concurrent guesses cannot all slip
 * under a limit, and given back unless better-auth refused the email or password: only failures are spent.
 * A client already refused for this account never reaches the account's own budget, so a lone stranger
 * cannot lock the owner out.
 */
export async function beginSignInAttempt(
  rateLimiter: RateLimiter,
  email: string,
  ip: string,
): Promise<SignInAttempt> {
  const budgets = [
    { key: `${PREFIX}:email-ip:${email}|${ip}`, rule: SIGN_IN_FAILURE_LIMITS.perEmailAndIp },
    { key: `${PREFIX}:ip:${ip}`, rule: SIGN_IN_FAILURE_LIMITS.perIp },
    { key: `${PREFIX}:email:${email}`, rule: SIGN_IN_FAILURE_LIMITS.perEmail },
  ];
  const hits: RateLimitHit[] = [];
  const refundAll = () => Promise.all(hits.map((hit) => rateLimiter.refund(hit))).then(() => undefined);
  for (const { key, rule } of budgets) {
    try {
      hits.push(await rateLimiter.consume(key, rule));
    } catch (error) {
      // A refused attempt is never tried, so it is no failure: only the exhausted budget keeps its count.
      await refundAll();
      throw error;
    }
  }
  return {
    // better-auth answers 401 for a wrong email or password, whichever it was; anything else was no guess.
    settle: (status) => (status === 401 ? Promise.resolve() : refundAll()),
  };
}
