import crypto from 'node:crypto';
import pg from 'pg';
import { openSqlite } from '../../server/platform/db/database.ts';

/**
 * The limit an unlock over HTTP is measured against: the very statements one unlock ran (captured from the
 * app's statement log, with their parameters), replayed straight on the database driver (better-sqlite3 or
 * node-postgres), with no HTTP, no framework and no query builder, for other cards and owners.
 */

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Who an unlock is for: the card it pays, its owner and the owner's session token. */
export interface UnlockSubject {
  cardId: string;
  userId: string;
  token: string;
}

/** A new random id in the app's form (16 bytes, base64url), as an insert's primary key needs per row. */
const FRESH_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Turns one captured unlock into a maker of the same statements for another subject: every value that names
 * the captured card, owner or session names the other one's, and any other id of the app's form (the ledger
 * row's key) is drawn afresh.
 */
export function unlockStatements(
  captured: Statement[],
  subject: UnlockSubject,
): (other: UnlockSubject) => Statement[] {
  const swap = (value: unknown, other: UnlockSubject): unknown => {
    if (typeof value !== 'string') return value;
    if (value === subject.cardId) return other.cardId;
    if (value === subject.userId) return other.userId;
    if (value === subject.token) return other.token;
    if (value.includes(subject.cardId)) return value.replaceAll(subject.cardId, other.cardId);
    if (FRESH_ID.test(value)) return crypto.randomBytes(16).toString('base64url');
    return value;
  };
  return (other) =>
    captured.map(({ sql, parameters }) => ({
      sql,
      parameters: parameters.map((value) => swap(value, other)),
    }));
}

const isBegin = (sql: string) => /^begin\b/i.test(sql);
const isCommit = (sql: string) => /^commit\b/i.test(sql);

/** An unlock's statements split as the server runs them: before its transaction, in it, after it. */
function phases(statements: Statement[]) {
  const begin = statements.findIndex((statement) => isBegin(statement.sql));
  const commit = statements.findIndex((statement) => isCommit(statement.sql));
  if (begin < 0 || commit < begin) throw new Error('the captured unlock has no transaction');
  return {
    before: statements.slice(0, begin),
    begin: statements[begin]!,
    inside: statements.slice(begin + 1, commit),
    commit: statements[commit]!,
    after: statements.slice(commit + 1),
  };
}

export interface ReplayResult {
  perSecond: number;
  /** CPU time of this process (the driver) per unlock, in ms. */
  cpuMs: number;
  /** CPU time of the local PostgreSQL cluster per unlock, in ms; null on SQLite. */
  databaseCpuMs: number | null;
}

/**
 * Replays unlocks on SQLite, one connection as the app has: `perCommit` unlocks share a transaction, as the
 * app's group commit makes them share one when they arrive together (1: each its own, as one at a time).
 */
export function replayOnSqlite(file: string, unlocks: Statement[][], perCommit: number): ReplayResult {
  const connection = openSqlite(file);
  const prepared = new Map<string, ReturnType<typeof connection.prepare>>();
  const run = ({ sql, parameters }: Statement) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      prepared.set(sql, statement);
    }
    if (statement.reader) statement.all(parameters);
    else statement.run(parameters);
  };
  try {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let first = 0; first < unlocks.length; first += perCommit) {
      const group = unlocks.slice(first, first + perCommit).map(phases);
      for (const unlock of group) unlock.before.forEach(run);
      run(group[0]!.begin);
      for (const unlock of group) unlock.inside.forEach(run);
      run(group[0]!.commit);
      for (const unlock of group) unlock.after.forEach(run);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      perSecond: unlocks.length / seconds,
      cpuMs: (cpu.user + cpu.system) / 1000 / unlocks.length,
      databaseCpuMs: null,
    };
  } finally {
    connection.close();
  }
}

/**
 * Replays unlocks on PostgreSQL with `workers` in flight over a pool of `connections` (the app's pool size),
 * each statement named (parsed once per connection, as the app's prepared queries are).
 */
export async function replayOnPostgres(
  url: string,
  unlocks: Statement[][],
  options: { workers: number; connections: number; databaseCpu: (() => number) | null },
): Promise<ReplayResult> {
  const pool = new pg.Pool({ connectionString: url, max: options.connections });
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `replay_${names.size + 1}`));
    return name;
  };
  const query = (client: pg.Pool | pg.PoolClient, { sql, parameters }: Statement) =>
    parameters.length === 0
      ? client.query(sql)
      : client.query({ name: nameOf(sql), text: sql, values: parameters as unknown[] });
  try {
    // Every connection open before the clock starts, as in a warm server.
    const warm = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()));
    warm.forEach((client) => client.release());
    let next = 0;
    const worker = async () => {
      while (next < unlocks.length) {
        const { before, begin, inside, commit, after } = phases(unlocks[next++]!);
        for (const statement of before) await query(pool, statement);
        const client = await pool.connect();
        try {
          await query(client, begin);
          for (const statement of inside) await query(client, statement);
          await query(client, commit);
        } finally {
          client.release();
        }
        for (const statement of after) await query(pool, statement);
      }
    };
    const cpuBefore = process.cpuUsage();
    const databaseCpuBefore = options.databaseCpu?.() ?? 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: options.workers }, worker));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      perSecond: unlocks.length / seconds,
      cpuMs: (cpu.user + cpu.system) / 1000 / unlocks.length,
      databaseCpuMs: options.databaseCpu && (options.databaseCpu() - databaseCpuBefore) / unlocks.length,
    };
  } finally {
    await pool.end();
  }
}
