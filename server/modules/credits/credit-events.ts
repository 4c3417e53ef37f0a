import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../../platform/db/notifications.ts';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import type { Balance } from './credits.repository.ts';

/** The topic of a user's balance or tier: published, with the user's id, after a change commits. */
export const CREDITS_CHANGED = 'credits';

export interface CreditEventsOptions {
  /** Reads the balances of the given users in one query. */
  balancesOf: (userIds: readonly string[]) => Promise<Map<string, Balance>>;
  log: FastifyBaseLogger;
  notifications?: Pick<Notifications, 'reach' | 'subscribe'>;
  /** How often the database is polled while anyone listens. */
  intervalMs?: number;
}

export type CreditEvents = ReturnType<typeof createCreditEvents>;

/**
 * Live credit balances (DESIGN §1.14): each stream hears of a user's balance or tier whenever it changed, on
 * whichever instance, through the database: at once when the writer published CREDITS_CHANGED, else at the
 * next poll.
 */
export function createCreditEvents(options: CreditEventsOptions) {
  return createLivePoll<Balance>({
    read: options.balancesOf,
    stampOf: (balance) => `${balance.credits}|${balance.tier}`,
    log: options.log,
    name: 'live credits',
    ...(options.notifications
      ? { notifications: { hub: options.notifications, topic: CREDITS_CHANGED } }
      : {}),
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  });
}
