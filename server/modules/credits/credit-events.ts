import type { FastifyBaseLogger } from 'fastify';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import type { Balance } from './credits.repository.ts';

export interface CreditEventsOptions {
  /** Reads the balances of the given users in one query. */
  balancesOf(userIds: readonly string[]): Promise<Map<string, Balance>>;
  log: FastifyBaseLogger;
  /** How often the database is polled while anyone listens. */
  intervalMs?: number;
}

export type CreditEvents = ReturnType<typeof createCreditEvents>;

/**
 * Live credit balances (DESIGN §1.14): each stream hears of a user's balance or tier whenever it changed, on
 * whichever instance, through the database.
 */
export function createCreditEvents(options: CreditEventsOptions) {
  return createLivePoll<Balance>({
    read: options.balancesOf,
    stampOf: (balance) => `${balance.credits}|${balance.tier}`,
    log: options.log,
    name: 'live credits',
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  });
}
