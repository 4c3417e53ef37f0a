import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** What one attempt to run a job did: ran it (and what it answered), or left it to another instance. */
export type JobOutcome<T> = { ran: true; result: T } | { ran: false };

/** A PostgreSQL advisory lock key of 64 bits per job name. */
function advisoryKey(name: string): string {
  return crypto.createHash('sha256').update(`job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` only where no other run of the job `name` is under way: on PostgreSQL, whichever instance holds
 * the job's advisory lock (a transaction-level lock, taken without waiting on one pooled connection and kept
 * while `work` runs on others; released at commit, or by PostgreSQL when the instance dies); on SQLite, the
 * one process, where a run still in progress is enough. Another instance's run answers `{ ran: false }` at once.
 */
export function createExclusiveRunner(database: Database) {
  const running = new Set<string>();

  return async function runExclusively<T>(name: string, work: () => Promise<T>): Promise<JobOutcome<T>> {
    if (running.has(name)) return { ran: false };
    running.add(name);
    try {
      if (database.dialect === 'sqlite') return { ran: true, result: await work() };
      return await database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${advisoryKey(name)}::bigint) as locked`.execute(trx);
        if (!rows[0]?.locked) return { ran: false } as const;
        return { ran: true, result: await work() } as const;
      });
    } finally {
      running.delete(name);
    }
  };
}

export type ExclusiveRunner = ReturnType<typeof createExclusiveRunner>;
