import type { Database } from '../db/database.ts';
import { createRateLimitWindows } from '../db/rate-limit-windows.ts';
import { AppError } from './app-error.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** One counted hit, to give back when what it stood for turned out not to count (a sign-in that succeeded). */
export interface RateLimitHit {
  key: string;
  windowStart: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Fixed-window counters in the database, so every instance of the server counts the same hits. `consume`
 * counts one hit for a key ("signin:ip:203.0.113.9", "signin:email:a@b.c") and fails with `rate-limited`
 * (429, with the seconds to wait) once the window's limit is passed.
 */
export function createRateLimiter(database: Database, now: () => Date = () => new Date()) {
  const windows = createRateLimitWindows(database);
  let consumedSinceSweep = 0;

  return {
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitHit> {
      const at = now();
      const windowStart = Math.floor(at.getTime() / rule.windowMs) * rule.windowMs;
      const hits = await windows.countHit(key, windowStart, new Date(windowStart + rule.windowMs));
      // Old windows are useless; clearing them now and then keeps the table small without a scheduler.
      if (++consumedSinceSweep >= 500) {
        consumedSinceSweep = 0;
        await windows.removeExpired(at);
      }
      if (hits > rule.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - at.getTime()) / 1000));
        throw new AppError('rate-limited', undefined, { retryAfterSeconds });
      }
      return { key, windowStart };
    },

    /** Gives a hit back to the window it was counted in (nothing happens once that window is gone). */
    async refund(hit: RateLimitHit): Promise<void> {
      await windows.refundHit(hit.key, hit.windowStart);
    },
  };
}
