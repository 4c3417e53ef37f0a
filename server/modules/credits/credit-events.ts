import type { FastifyBaseLogger } from 'fastify';
import type { Balance } from './credits.repository.ts';

export type BalanceListener = (balance: Balance) => void;

interface Subscriber {
  listener: BalanceListener;
  last: string;
}

export interface CreditEventsOptions {
  /** Reads the balances of the given users in one query. */
  balancesOf(userIds: readonly string[]): Promise<Map<string, Balance>>;
  log: FastifyBaseLogger;
  /** How often the database is polled while anyone listens. */
  intervalMs?: number;
}

export type CreditEvents = ReturnType<typeof createCreditEvents>;

const CHUNK = 500;
const keyOf = (balance: Balance) => `${balance.credits}|${balance.tier}`;

/**
 * Live credit balances (DESIGN §1.14) for the SSE streams of this process. A change may come from any
 * instance, so it travels through the database: one poller per process reads the balances of every
 * connected user in one query per ~1.5 s and tells each stream whose balance it has not seen yet.
 */
export function createCreditEvents(options: CreditEventsOptions) {
  const intervalMs = options.intervalMs ?? 1500;
  const subscribers = new Map<string, Set<Subscriber>>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function poll(): Promise<void> {
    if (polling || subscribers.size === 0) return;
    polling = true;
    try {
      const ids = [...subscribers.keys()];
      for (let start = 0; start < ids.length; start += CHUNK) {
        const balances = await options.balancesOf(ids.slice(start, start + CHUNK));
        for (const [userId, balance] of balances) {
          const key = keyOf(balance);
          for (const subscriber of subscribers.get(userId) ?? []) {
            if (subscriber.last === key) continue;
            subscriber.last = key;
            subscriber.listener(balance);
          }
        }
      }
    } catch (error) {
      options.log.warn({ err: error }, 'live credits: polling the balances failed');
    } finally {
      polling = false;
    }
  }

  function stopIfIdle(): void {
    if (subscribers.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    /** Listens to one user's balance, starting from the one the stream already sent; returns the unsubscribe. */
    subscribe(userId: string, initial: Balance, listener: BalanceListener): () => void {
      const subscriber: Subscriber = { listener, last: keyOf(initial) };
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(subscriber);
      if (!timer) {
        timer = setInterval(() => void poll(), intervalMs);
        timer.unref();
      }
      return () => {
        const current = subscribers.get(userId);
        current?.delete(subscriber);
        if (current?.size === 0) subscribers.delete(userId);
        stopIfIdle();
      };
    },

    /** Streams currently open in this process. */
    get size(): number {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return count;
    },

    close(): void {
      subscribers.clear();
      stopIfIdle();
    },
  };
}
