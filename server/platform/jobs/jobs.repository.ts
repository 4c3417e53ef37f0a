import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export interface JobRecord {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  runAt: Date;
  attempts: number;
  /** The lease this claim holds: completing the job checks it, so a run whose lease ran out finishes nothing. */
  leaseUntil: Date;
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
type Executor = Database['db'] | Transaction<DB>;

/** The jobs table, written once for SQLite and PostgreSQL. */
export function createJobsRepository(database: Database) {
  const { db, codec, dialect } = database;

  return {
    /**
     * Schedules the job `key` at `runAt`: a new one, or the pending one of that key moved and given this
     * payload. A job of that key that already ran is left as it is (it is done: once is once).
     */
    async schedule(
      job: { kind: string; key: string; runAt: Date; payload: unknown },
      at: Date,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto('jobs')
        .values({
          id: crypto.randomUUID(),
          kind: job.kind,
          key: job.key,
          payload: codec.json(job.payload),
          runAt: codec.date(job.runAt),
          status: 'pending',
          createdAt: codec.date(at),
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ runAt: codec.date(job.runAt), payload: codec.json(job.payload) })
            .where('jobs.status', '=', 'pending'),
        )
        .execute();
    },

    /** Takes back the pending job `key` (a reminder no longer needed); a job running or done stays. */
    async cancel(key: string, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('jobs').where('key', '=', key).where('status', '=', 'pending').execute();
    },

    /**
     * Claims the first due job: pending, its time come, and no lease running (never claimed, or its instance
     * died). One statement: on PostgreSQL the row is locked and skipped by other instances' claims at once
     * (`FOR UPDATE SKIP LOCKED`); SQLite runs one statement at a time.
     */
    async claimDue(now: Date, leaseMs: number): Promise<JobRecord | undefined> {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const row = await db
        .updateTable('jobs')
        .set({ leaseUntil: codec.date(leaseUntil), attempts: sql<number>`attempts + 1` })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('runAt', '<=', codec.date(now))
            .where((inner) =>
              inner.or([inner('leaseUntil', 'is', null), inner('leaseUntil', '<', codec.date(now))]),
            )
            .orderBy('runAt')
            .orderBy('id')
            .limit(1)
            .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returning(['id', 'kind', 'key', 'payload', 'runAt', 'attempts'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        kind: row.kind,
        key: row.key,
        payload: codec.readJson<unknown>(row.payload, null),
        runAt: codec.readDate(row.runAt),
        attempts: Number(row.attempts),
        leaseUntil,
      };
    },

    /** The claimed job is done; false when its lease had run out and another claim took it. */
    async complete(job: JobRecord, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'done', finishedAt: codec.date(at), leaseUntil: null, lastError: null })
        .where('id', '=', job.id)
        .where('leaseUntil', '=', codec.date(job.leaseUntil))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The claimed job failed: tried again at `retryAt`, or failed for good when that is null. */
    async fail(job: JobRecord, error: string, retryAt: Date | null, at: Date): Promise<void> {
      await db
        .updateTable('jobs')
        .set(
          retryAt === null
            ? { status: 'failed', lastError: error, finishedAt: codec.date(at), leaseUntil: null }
            : { runAt: codec.date(retryAt), lastError: error, leaseUntil: null },
        )
        .where('id', '=', job.id)
        .where('leaseUntil', '=', codec.date(job.leaseUntil))
        .execute();
    },

    /** When the next pending job is due, or null when none is waiting. */
    async nextRunAt(): Promise<Date | null> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('runAt').as('runAt'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.runAt ? codec.readDate(row.runAt) : null;
    },
  };
}
