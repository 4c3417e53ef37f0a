import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * How many prepared statements the connection keeps. The app's queries have a few hundred texts; IN lists of
 * varying lengths make more, which only push the least recently used out.
 */
const STATEMENT_CACHE_SIZE = 500;

/** The most transactions one commit makes durable together. */
const MAX_GROUP = 64;

/** Each transaction of a group runs inside this savepoint, so it can fail alone. */
const MEMBER = 'winc_group_member';

/** A transaction whose work is done, waiting for its group's commit to reach the disk. */
interface PendingCommit {
  resolve(): void;
  reject(error: unknown): void;
}

/** One connection lease: what a caller of `acquireConnection` holds until it releases it. */
interface Lease extends DatabaseConnection {
  inTransaction: boolean;
  /** Its transaction is committed within the group and the connection passed on; nothing more may run. */
  handedOver: boolean;
}

/** A first-come, first-served lock. */
class ConnectionQueue {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/**
 * Kysely's SQLite driver over the app's one better-sqlite3 connection, with three changes:
 *
 * - **Statements prepared once.** Kysely prepares every query it runs, and better-sqlite3's prepare parses and
 *   plans it anew each time (a tenth of an unlock's CPU); the connection keeps the last 500.
 * - **Immediate transactions.** A transaction takes the write lock when it begins. A deferred BEGIN takes it at
 *   the first write, and when another process wrote since the transaction's first read, that write fails at
 *   once with SQLITE_BUSY (waiting cannot help: the snapshot it read is stale).
 * - **Group commit** (docs/decisions/0020-sqlite-group-commit.md). With `synchronous = FULL` every COMMIT waits
 *   for the disk, on the event loop (better-sqlite3 is synchronous). Transactions already run one at a time on
 *   the one connection. Each runs as a savepoint of one transaction that stays open until the event loop has
 *   handled the requests that were ready with it (the check phase, setImmediate), or 64 have joined; then one
 *   COMMIT makes them all durable. Each caller's commit resolves only once that COMMIT is on disk, so an answer
 *   never promises what a power loss could take back; a transaction that fails rolls back to its own savepoint
 *   alone. A statement outside any transaction that writes runs after the group is committed; one that reads
 *   runs within the group and sees its transactions, whose commit is on its way (if that COMMIT failed — a
 *   full disk — every transaction of the group fails and is rolled back).
 */
class GroupCommitSqliteDriver implements Driver {
  readonly #connection: SQLite.Database;
  readonly #statements = new Map<string, SQLite.Statement>();
  readonly #queue = new ConnectionQueue();
  #groupOpen = false;
  #pending: PendingCommit[] = [];
  #flushScheduled = false;

  /** Told the transaction control statements the driver runs itself; Kysely's log sees only queries. */
  readonly #onControl: (sql: string) => void;

  constructor(connection: SQLite.Database, onControl: (sql: string) => void) {
    this.#connection = connection;
    this.#onControl = onControl;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.lock();
    const lease: Lease = {
      inTransaction: false,
      handedOver: false,
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (lease.handedOver) throw new Error('database connection used after its transaction ended');
        if (!lease.inTransaction && this.#groupOpen && !SelectQueryNode.is(query.query)) this.#commitGroup();
        return this.#run<R>(query.sql, query.parameters);
      },
      streamQuery: <R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> => {
        if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
        return this.#stream<R>(query);
      },
    };
    return lease;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // SQLite may have rolled the group back itself after a failed statement outside its transactions.
    if (this.#groupOpen && !this.#connection.inTransaction)
      this.#endGroup(new Error('the transaction was rolled back by SQLite'));
    if (!this.#groupOpen) {
      this.#control('begin immediate');
      this.#groupOpen = true;
    }
    this.#control(`savepoint ${MEMBER}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#control(`release ${MEMBER}`);
    lease.inTransaction = false;
    if (this.#pending.length + 1 >= MAX_GROUP) {
      this.#commitGroup();
      return;
    }
    const durable = new Promise<void>((resolve, reject) => this.#pending.push({ resolve, reject }));
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      setImmediate(() => void this.#flush());
    }
    lease.handedOver = true;
    this.#queue.unlock();
    await durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Its group's COMMIT failed: the group is rolled back already.
    if (lease.handedOver) return;
    lease.inTransaction = false;
    if (this.#connection.inTransaction) {
      this.#control(`rollback to ${MEMBER}`);
      this.#control(`release ${MEMBER}`);
    } else if (this.#groupOpen) {
      // SQLite rolled the whole transaction back itself (SQLITE_FULL, SQLITE_IOERR…): the group is lost.
      this.#endGroup(new Error('the transaction was rolled back by SQLite'));
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.handedOver) return;
    lease.handedOver = true;
    this.#queue.unlock();
  }

  async destroy(): Promise<void> {
    await this.#flush();
    this.#connection.close();
  }

  /**
   * Commits the group once the requests that were ready when its first transaction finished have had their
   * turn (the event loop's check phase comes after its I/O callbacks), waiting for the connection like any
   * other caller.
   */
  async #flush(): Promise<void> {
    this.#flushScheduled = false;
    await this.#queue.lock();
    try {
      this.#commitGroup();
    } catch {
      // The group's transactions were told.
    } finally {
      this.#queue.unlock();
    }
  }

  /** Commits the open group, settling every transaction waiting on it; throws what the COMMIT threw. */
  #commitGroup(): void {
    if (!this.#groupOpen) return;
    try {
      this.#control('commit');
    } catch (error) {
      if (this.#connection.inTransaction) this.#control('rollback');
      this.#endGroup(error);
      throw error;
    }
    this.#endGroup(null);
  }

  #endGroup(error: unknown): void {
    const pending = this.#pending;
    this.#pending = [];
    this.#groupOpen = false;
    for (const commit of pending) {
      if (error === null) commit.resolve();
      else commit.reject(error);
    }
  }

  #control(sql: string): void {
    this.#run(sql, []);
    this.#onControl(sql);
  }

  #prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    // A statement still stepping through a streamed result cannot run again until it is done.
    if (statement?.busy) return this.#connection.prepare(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.#connection.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value!);
    }
    // Map order is use order: the first key is the least recently used.
    this.#statements.set(sql, statement);
    return statement;
  }

  #run<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    const statement = this.#prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *#stream<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.#prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

/** A savepoint name as an SQL identifier (Kysely's savepoint API takes names from code, never from users). */
function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Kysely's SQLite dialect over one better-sqlite3 connection: cached statements, group commit. */
export class AppSqliteDialect implements Dialect {
  readonly #connection: SQLite.Database;
  readonly #onControl: (sql: string) => void;

  constructor(connection: SQLite.Database, onControl: (sql: string) => void = () => {}) {
    this.#connection = connection;
    this.#onControl = onControl;
  }

  createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#connection, this.#onControl);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
