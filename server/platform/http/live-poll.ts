import type { FastifyBaseLogger } from 'fastify';

export interface LivePollOptions<T> {
  /** Reads the current value for each key (a user id) in one query; a key without a value is left out. */
  read(keys: readonly string[]): Promise<Map<string, T>>;
  /** What tells two values apart: a listener hears of a value only when its stamp changes. */
  stampOf(value: T): string;
  log: FastifyBaseLogger;
  /** Names the feed in the log when a poll fails. */
  name: string;
  /** How often the database is polled while anyone listens. */
  intervalMs?: number;
}

interface Subscriber<T> {
  listener: (value: T) => void;
  last: string | null;
}

export type LivePoll<T> = ReturnType<typeof createLivePoll<T>>;

const CHUNK = 500;

/**
 * Live updates for the Server-Sent Event streams of this process (DESIGN §1.2, §1.14). A change may happen on
 * any instance, so it travels through the database: one poller per feed and process reads the values of
 * every connected key in one query per interval and tells each listener of a value it has not seen yet.
 */
export function createLivePoll<T>(options: LivePollOptions<T>) {
  const intervalMs = options.intervalMs ?? 1500;
  const subscribers = new Map<string, Set<Subscriber<T>>>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function poll(): Promise<void> {
    if (polling || subscribers.size === 0) return;
    polling = true;
    try {
      const keys = [...subscribers.keys()];
      for (let start = 0; start < keys.length; start += CHUNK) {
        const values = await options.read(keys.slice(start, start + CHUNK));
        for (const [key, value] of values) {
          const stamp = options.stampOf(value);
          for (const subscriber of subscribers.get(key) ?? []) {
            if (subscriber.last === stamp) continue;
            subscriber.last = stamp;
            subscriber.listener(value);
          }
        }
      }
    } catch (error) {
      options.log.warn({ err: error }, `${options.name}: polling failed`);
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
    /**
     * Listens to one key's value, starting from the one the stream already has (null: none yet, so the first
     * value read is news); returns the unsubscribe.
     */
    subscribe(key: string, initial: T | null, listener: (value: T) => void): () => void {
      const subscriber: Subscriber<T> = {
        listener,
        last: initial === null ? null : options.stampOf(initial),
      };
      let set = subscribers.get(key);
      if (!set) subscribers.set(key, (set = new Set()));
      set.add(subscriber);
      if (!timer) {
        timer = setInterval(() => void poll(), intervalMs);
        timer.unref();
      }
      return () => {
        const current = subscribers.get(key);
        current?.delete(subscriber);
        if (current?.size === 0) subscribers.delete(key);
        stopIfIdle();
      };
    },

    /** Streams currently listening in this process. */
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
