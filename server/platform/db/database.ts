import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Compilable, LogEvent, MigrationProvider, Migration } from 'kysely';
import pg from 'pg';
import { columnCodec, type ColumnCodec, type Dialect } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import { preparedQuery, type PreparedQuery } from './prepared-query.ts';
import type { DB } from './schema.ts';
import { AppSqliteDialect } from './sqlite-dialect.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  codec: ColumnCodec;
  /**
   * A query of a hot path, compiled once (preparedQuery), and on PostgreSQL also prepared once per connection:
   * a named statement, parsed and planned by the server once. Its SQL names its columns (no `*`): a prepared
   * statement fails when a migration changes the columns `*` stands for.
   */
  prepare<V extends Record<string, unknown>, R>(
    build: (db: Kysely<DB>, values: V) => Compilable<R>,
  ): PreparedQuery<V, R>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one; null on SQLite (one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Told when a PostgreSQL connection dies outside a query (server restart, pg_terminate_backend, network). */
  onConnectionError?: (error: Error) => void;
  /** Told the SQL (and parameters) of every statement once it has run, transaction control included. */
  onStatement?: (sql: string, parameters?: readonly unknown[]) => void;
}

/** The connections an instance keeps to PostgreSQL unless told otherwise. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * A pool whose dead connections cannot end the process. node-postgres emits 'error' on a client whose server
 * goes away — on the pool for an idle client, on the client itself while it is checked out (inside a
 * transaction) — and an 'error' event nobody listens to is thrown as an uncaught exception: one terminated
 * backend took the whole server down. With listeners, the pool drops the dead client, the query in flight
 * fails on its own (its request answers service-unavailable), and the next query opens a new connection.
 */
function createPostgresPool(options: DatabaseOptions, statementNames: Map<string, string>): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? POSTGRES_POOL_SIZE,
    // Lets a transaction's BEGIN go out with its first statement (sendBeginWithFirstStatement). Kysely runs
    // one query at a time on a connection, so nothing else is ever in flight on it at once.
    pipeline: true,
  });
  const onError = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    nameStatements(client, statementNames);
    sendBeginWithFirstStatement(client);
  });
  return pool;
}

/**
 * Sends the prepared queries' SQL as named statements: node-postgres parses a name once per connection and
 * then only binds values to it. Kysely runs every query as `query(sql, parameters)`; other SQL passes as is.
 */
function nameStatements(client: pg.PoolClient, statementNames: Map<string, string>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    return name === undefined || !Array.isArray(values)
      ? query(text, values, ...rest)
      : query({ name, text, values }, ...rest);
  };
  client.query = named as typeof client.query;
}

type QueryFunction = (text: unknown, values?: unknown, ...rest: unknown[]) => unknown;

/**
 * Holds a transaction's BEGIN back until its first statement and writes both to the server at once: one round
 * trip fewer for every transaction (an unlock is a session read, then BEGIN, two statements and COMMIT, each a
 * wait for the server and a socket write on a machine where those are most of its cost). The connection is
 * pipelined, so both are sent before the answers come back; PostgreSQL runs them in order, and a BEGIN that
 * fails fails the statement's promise too. A transaction that ends before any statement sends nothing.
 */
function sendBeginWithFirstStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  const { stream } = (client as unknown as { connection: { stream: Pick<Writable, 'cork' | 'uncork'> } })
    .connection;
  let beginHeld = false;
  const held = { command: 'BEGIN', rowCount: null, rows: [], fields: [] };
  const deferring: QueryFunction = (text, values, ...rest) => {
    if (rest.length > 0) return query(text, values, ...rest);
    if (text === 'begin') {
      if (beginHeld) return query(text, values);
      beginHeld = true;
      return Promise.resolve(held);
    }
    if (!beginHeld) return query(text, values);
    beginHeld = false;
    if (text === 'commit' || text === 'rollback') return Promise.resolve({ ...held, command: String(text) });
    stream.cork();
    try {
      const begun = query('begin') as Promise<unknown>;
      const answer = query(text, values) as Promise<unknown>;
      return Promise.all([begun, answer]).then(([, result]) => result);
    } finally {
      stream.uncork();
    }
  };
  client.query = deferring as typeof client.query;
}

// PostgreSQL returns bigint (COUNT, SUM) and numeric as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** A SQLite connection as the app keeps one (WAL, synchronous=FULL); the unlock benchmark's limit opens one too. */
export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  // FULL keeps every committed transaction (credits, payments) across a power loss; the driver commits the
  // transactions that arrive together at once, so the wait for the disk is shared (sqlite-dialect.ts).
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/** Opens the database named by the options (PostgreSQL when a URL is given, SQLite otherwise). */
export function openDatabase(options: DatabaseOptions): Database {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const plugins = [new CamelCasePlugin()];
  const { onStatement } = options;
  const log = onStatement
    ? { log: (event: LogEvent) => onStatement(event.query.sql, event.query.parameters) }
    : {};
  const statementNames = new Map<string, string>();
  const pool = dialect === 'postgres' ? createPostgresPool(options, statementNames) : null;
  const db =
    pool !== null
      ? new Kysely<DB>({
          dialect: new PostgresDialect({ pool }),
          plugins,
          ...log,
        })
      : new Kysely<DB>({
          dialect: new AppSqliteDialect(openSqlite(options.sqlitePath ?? ':memory:'), onStatement),
          plugins,
          ...log,
        });
  return {
    db,
    dialect,
    codec: columnCodec(dialect),
    prepare: (build) =>
      preparedQuery(build, (text) => {
        if (!statementNames.has(text)) statementNames.set(text, `prepared_${statementNames.size + 1}`);
      }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    poolStats: () => pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    destroy: () => db.destroy(),
  };
}

class AppMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, this.dialect) },
      ]),
    );
  }
}

/** Brings the schema up to date; migrations run in order, each once, under the migrator's lock. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new AppMigrationProvider(database.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
