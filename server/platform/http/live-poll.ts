import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../db/notifications.ts';

export interface LivePollOptions<T> {
  /** Reads the current value for each key (a user id) in one query; a key without a value is left out. */
  read(keys: readonly string[]): Promise<Map<string, T>>;
  /** What tells two values apart: a listener hears of a value only when its stamp changes. */
  stampOf(value: T): string;
  log: FastifyBaseLogger;
  /** Names the feed in the log when a poll fails. */
  name: string;
  /**
   * Where writers announce a change of a key (`topic`): its listeners here read it at once. With
   * notifications that reach every instance, polling is only the fallback for writes that announce nothing.
   */
  notifications?: { hub: Pick<Notifications, 'reach' | 'subscribe'>; topic: string };
  /**
   * How often the database is polled while anyone listens: 1.5 s, or 15 s when notifications reach every
   * instance.
   */
  intervalMs?: number;
  /**
   * The least time between two reads (0 unless given): changes announced meanwhile are read together, so a
   * burst of changes makes a few events rather than one per change.
   */
  spacingMs?: number;
}

interface Subscriber<T> {
  listener: (value: T) => void;
  last: string | null;
}

export type LivePoll<T> = ReturnType<typeof createLivePoll<T>>;

const CHUNK = 500;
const POLL_MS = 1500;
const FALLBACK_POLL_MS = 15_000;

/**
 * Live updates for the Server-Sent Event streams of this process (DESIGN §1.2, §1.14). A change may happen on
 * any instance, so it travels through the database: a write announces the key it changed (notifications,
 * PostgreSQL's LISTEN/NOTIFY between instances) and this process reads that key's value at once; besides, one
 * poller per feed and process reads the values of every connected key in one query per interval. Either way a
 * listener hears of a value it has not seen yet. Reads run one at a time, so an older value never overtakes a
 * newer one.
 */
export function createLivePoll<T>(options: LivePollOptions<T>) {
  const reachesAll = options.notifications?.hub.reach === 'database';
  const intervalMs = options.intervalMs ?? (reachesAll ? FALLBACK_POLL_MS : POLL_MS);
  const subscribers = new Map<string, Set<Subscriber<T>>>();
  let timer: NodeJS.Timeout | undefined;
  const spacingMs = options.spacingMs ?? 0;
  let reading = false;
  let lastReadAt = 0;
  let allDue = false;
  const dueKeys = new Set<string>();

  async function read(keys: string[]): Promise<void> {
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
  }

  /** Reads what is due (every key, or the announced ones) until nothing is. */
  async function drain(): Promise<void> {
    if (reading) return;
    reading = true;
    try {
      while (allDue || dueKeys.size > 0) {
        const wait = lastReadAt + spacingMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastReadAt = Date.now();
        const keys = allDue ? [...subscribers.keys()] : [...dueKeys].filter((key) => subscribers.has(key));
        allDue = false;
        dueKeys.clear();
        try {
          await read(keys);
        } catch (error) {
          options.log.warn({ err: error }, `${options.name}: polling failed`);
        }
      }
    } finally {
      reading = false;
    }
  }

  const unsubscribeNotifications = options.notifications?.hub.subscribe(
    options.notifications.topic,
    (key) => {
      if (key === null) allDue = true;
      else if (subscribers.has(key)) dueKeys.add(key);
      else return;
      void drain();
    },
  );

  function poll(): void {
    if (subscribers.size === 0) return;
    allDue = true;
    void drain();
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
        timer = setInterval(poll, intervalMs);
        timer.unref();
      }
      // A change announced after `initial` was read but before this subscription was missed: read once more.
      if (unsubscribeNotifications) {
        dueKeys.add(key);
        void drain();
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
      unsubscribeNotifications?.();
      subscribers.clear();
      stopIfIdle();
    },
  };
}
