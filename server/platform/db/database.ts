import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { MigrationProvider, Migration } from 'kysely';
import pg from 'pg';
import { columnCodec, type ColumnCodec, type Dialect } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  codec: ColumnCodec;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
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
}

/**
 * A pool whose dead connections cannot end the process. node-postgres emits 'error' on a client whose server
 * goes away — on the pool for an idle client, on the client itself while it is checked out (inside a
 * transaction) — and an 'error' event nobody listens to is thrown as an uncaught exception: one terminated
 * backend took the whole server down. With listeners, the pool drops the dead client, the query in flight
 * fails on its own (its request answers service-unavailable), and the next query opens a new connection.
 */
function createPostgresPool(options: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
  const onError = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

// PostgreSQL returns bigint (COUNT, SUM) and numeric as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  // FULL keeps every committed transaction (credits, payments) across a power loss, at some write cost.
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/** Opens the database named by the options (PostgreSQL when a URL is given, SQLite otherwise). */
export function openDatabase(options: DatabaseOptions): Database {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const plugins = [new CamelCasePlugin()];
  const db =
    dialect === 'postgres'
      ? new Kysely<DB>({
          dialect: new PostgresDialect({ pool: createPostgresPool(options) }),
          plugins,
        })
      : new Kysely<DB>({
          dialect: new SqliteDialect({ database: openSqlite(options.sqlitePath ?? ':memory:') }),
          plugins,
        });
  return {
    db,
    dialect,
    codec: columnCodec(dialect),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
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
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
