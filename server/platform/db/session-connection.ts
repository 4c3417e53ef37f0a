import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** How long to wait before connecting again: doubling from the first, at most the last. */
const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 5000];

export interface SessionConnection {
  /** The connection while it is up; null while it is being (re)opened or after close. */
  readonly client: pg.Client | null;
  /** Runs a statement on the connection; rejects at once while it is down. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  close(): Promise<void>;
}

export interface SessionConnectionOptions {
  databaseUrl: string;
  /** Shown in pg_stat_activity (with this process's id) and in the log. */
  name: string;
  log: FastifyBaseLogger;
  /** Sets up a new connection (LISTEN, …) before it counts as up. */
  onConnect?(client: pg.Client): Promise<void>;
  /** The connection went away: what it held (its LISTENs, its session locks) is gone with it. */
  onLost?(): void;
}

/**
 * One PostgreSQL connection of this process kept for session state that a pool cannot hold — LISTEN, session
 * advisory locks — and opened again whenever it goes away (a server restart, pg_terminate_backend, a network
 * cut), with growing pauses. The first connection is awaited, so a server whose database is unreachable fails
 * to start as it would at its migrations; later ones are made in the background.
 */
export async function openSessionConnection(options: SessionConnectionOptions): Promise<SessionConnection> {
  const { log, name } = options;
  let current: pg.Client | null = null;
  let closed = false;
  let reconnecting: Promise<void> | null = null;

  async function connectOnce(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: `${name} (pid ${process.pid})`,
      keepAlive: true,
    });
    // An 'error' nobody listens to would end the process; losing the connection is handled by 'end'.
    client.on('error', (error) => log.warn({ err: error }, `${name}: database connection error`));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await options.onConnect?.(client);
      return client;
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  function lost(client: pg.Client): void {
    if (current !== client) return;
    current = null;
    options.onLost?.();
    if (!closed) reconnecting ??= reconnect().finally(() => (reconnecting = null));
  }

  async function reconnect(): Promise<void> {
    log.warn(`${name}: database connection lost; connecting again`);
    for (let attempt = 0; !closed; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]).unref(),
      );
      if (closed) return;
      try {
        const client = await connectOnce();
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        log.info(`${name}: connected again`);
        return;
      } catch (error) {
        log.warn({ err: error }, `${name}: could not connect yet`);
      }
    }
  }

  current = await connectOnce();

  return {
    get client() {
      return current;
    },
    query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      if (!current) return Promise.reject(new Error(`${name}: the database connection is down`));
      return current.query<R>(text, values);
    },
    async close() {
      closed = true;
      const client = current;
      current = null;
      client?.removeAllListeners('end');
      await client?.end().catch(() => undefined);
    },
  };
}
