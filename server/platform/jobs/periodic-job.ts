import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

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

export interface PeriodicJob<T> {
  /** Runs the job now (under its lock), as the timer does. */
  runNow(): Promise<JobOutcome<T>>;
  /** Stops the timer and waits for a run in progress, so the database is not closed under it. */
  stop(): Promise<void>;
}

/**
 * A job that runs every `everyMs`, first `firstAfterMs` after start, on one instance at a time. A failed run
 * is logged and the next one tries again. Timers do not keep the process alive.
 */
export function schedulePeriodicJob<T>(options: {
  name: string;
  firstAfterMs: number;
  everyMs: number;
  runExclusively: ExclusiveRunner;
  work: () => Promise<T>;
  log: JobLog;
}): PeriodicJob<T> {
  const { name, runExclusively, work, log } = options;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const runNow = () => {
    const run = runExclusively(name, work);
    current = run.catch(() => undefined);
    return run;
  };
  const tick = () => {
    if (stopped) return;
    runNow().then(
      (outcome) => {
        if (outcome.ran) log.info({ job: name, result: outcome.result }, `${name}: done`);
      },
      (error: unknown) => log.warn({ err: error, job: name }, `${name} failed; the next run tries again`),
    );
  };

  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, options.everyMs);
    interval.unref();
  }, options.firstAfterMs);
  first.unref();
  let interval: NodeJS.Timeout | undefined;

  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await current;
    },
  };
}
