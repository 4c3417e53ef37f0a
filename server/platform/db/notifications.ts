import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { openSessionConnection, type SessionConnection } from './session-connection.ts';

/**
 * Told that something changed for `key` (a user id, an upload id, '' for the whole topic); `null` means
 * notifications may have been missed (the listening connection was lost and is back): read everything again.
 */
export type ChangeListener = (key: string | null) => void;

export interface Notifications {
  /**
   * 'database': every instance on the PostgreSQL database hears of a change (LISTEN/NOTIFY); 'process': only
   * this process does (SQLite, where a server is the only instance).
   */
  readonly reach: 'database' | 'process';
  /**
   * Tells every instance, this one at once, that `topic` changed for `key`. Call it after the change has
   * committed: a listener reads the database when it hears of it. Never throws; a notification that could not
   * be sent is logged (listeners still learn of the change from their own polling).
   */
  publish(topic: string, key: string): void;
  subscribe(topic: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** The one channel of the app; a payload is `{instance} {topic} {key}`. */
const CHANNEL = 'winc_changes';
/**
 * The least time between two NOTIFY statements of a process: what is published meanwhile goes out together,
 * each key once. Without it a burst of answers to one invitation sent one statement per answer (a round trip
 * and a parse each); other instances hear of a change at most this much later.
 */
const NOTIFY_SPACING_MS = 20;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more; ours are ids. */
const MAX_PAYLOAD_BYTES = 7_900;

function createListeners(log: FastifyBaseLogger) {
  const byTopic = new Map<string, Set<ChangeListener>>();
  return {
    add(topic: string, listener: ChangeListener): () => void {
      let set = byTopic.get(topic);
      if (!set) byTopic.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byTopic.delete(topic);
      };
    },
    tell(topic: string, key: string | null): void {
      for (const listener of byTopic.get(topic) ?? []) {
        try {
          listener(key);
        } catch (error) {
          log.error({ err: error, topic }, 'notifications: a listener failed');
        }
      }
    },
    tellAll(key: null): void {
      for (const topic of [...byTopic.keys()]) this.tell(topic, key);
    },
    clear(): void {
      byTopic.clear();
    },
  };
}

/** Notifications within this process only: SQLite, one instance (DESIGN §1.2). */
export function createProcessNotifications(log: FastifyBaseLogger): Notifications {
  const listeners = createListeners(log);
  return {
    reach: 'process',
    publish: (topic, key) => listeners.tell(topic, key),
    subscribe: (topic, listener) => listeners.add(topic, listener),
    async close() {
      listeners.clear();
    },
  };
}

/**
 * Notifications between the instances on one PostgreSQL database: one connection per process LISTENs on the
 * app's channel (and is opened again after a drop, when every listener is told it may have missed some);
 * publications of the same 20 ms go out as one statement on that connection, after being told to this
 * process's listeners at once. A process ignores its own notifications when they come back.
 */
export async function createDatabaseNotifications(options: {
  databaseUrl: string;
  log: FastifyBaseLogger;
}): Promise<Notifications> {
  const { log } = options;
  const instance = crypto.randomBytes(6).toString('base64url');
  const listeners = createListeners(log);
  let everConnected = false;

  const connection: SessionConnection = await openSessionConnection({
    databaseUrl: options.databaseUrl,
    name: 'winc notifications',
    log,
    async onConnect(client) {
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const [from, topic, ...key] = message.payload.split(' ');
        if (from === instance || topic === undefined) return;
        listeners.tell(topic, key.join(' '));
      });
      await client.query(`LISTEN ${CHANNEL}`);
      if (everConnected) listeners.tellAll(null);
      everConnected = true;
    },
  });

  let pending = new Set<string>();
  let flushing = false;
  let lastFlushAt = 0;
  let timer: NodeJS.Timeout | undefined;
  async function flush(): Promise<void> {
    timer = undefined;
    lastFlushAt = Date.now();
    const payloads = [...pending];
    pending = new Set();
    try {
      await connection.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        CHANNEL,
        payloads,
      ]);
    } catch (error) {
      log.warn({ err: error, count: payloads.length }, 'notifications: could not notify other instances');
    }
    flushing = false;
    if (pending.size > 0) schedule();
  }
  function schedule(): void {
    if (flushing) return;
    flushing = true;
    timer = setTimeout(() => void flush(), Math.max(0, lastFlushAt + NOTIFY_SPACING_MS - Date.now()));
  }

  return {
    reach: 'database',
    publish(topic, key) {
      listeners.tell(topic, key);
      const payload = `${instance} ${topic} ${key}`;
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.error({ topic }, 'notifications: key too long to notify other instances');
        return;
      }
      pending.add(payload);
      schedule();
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    async close() {
      listeners.clear();
      if (timer) {
        clearTimeout(timer);
        await flush();
      }
      await connection.close();
    },
  };
}

/** PostgreSQL's LISTEN/NOTIFY with a database URL, else this process only. */
export async function createNotifications(options: {
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<Notifications> {
  return options.databaseUrl
    ? createDatabaseNotifications({ databaseUrl: options.databaseUrl, log: options.log })
    : createProcessNotifications(options.log);
}
