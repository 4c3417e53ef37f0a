import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * How many prepared statements the connection keeps. The app's queries have a few hundred texts; IN lists of
 * varying lengths make more, which only push the least recently used out.
 */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's driver sees it, preparing each SQL text once: Kysely prepares every query it
 * runs, and better-sqlite3's prepare parses and plans it anew each time (a tenth of an unlock's CPU).
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      // A statement still stepping through a streamed result cannot run again until it is done.
      if (statement?.busy) return connection.prepare(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = connection.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      // Map order is use order: the first key is the least recently used.
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Transactions take the write lock when they begin. A deferred BEGIN takes it at the first write, and when
 * another process wrote since the transaction's first read, that write fails at once with SQLITE_BUSY (waiting
 * cannot help: the snapshot it read is stale). In this process transactions run one at a time anyway, on the
 * single connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect over one better-sqlite3 connection: cached statements, immediate transactions. */
export class AppSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(connection: SQLite.Database) {
    const config = { database: withStatementCache(connection) };
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
