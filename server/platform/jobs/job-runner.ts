import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { createJobsRepository, type JobRecord } from './jobs.repository.ts';

/** Thrown by a job that must not be tried again (a mail the receiving server refused for good). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** How long an instance has to finish a claimed job before another may take it (it died, or hangs). */
const LEASE_MS = 5 * 60 * 1000;
/** Waits between attempts: a minute, then longer, for about a day in all; after the last one it has failed. */
const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360, 720].map((minutes) => minutes * 60 * 1000);
const POLL_MS = 5000;
/** Jobs an instance runs at once: enough to overlap their waits on the network, few enough for a small box. */
const CONCURRENCY = 4;

/** Whether a failure of this run is the job's last: no retry follows it. */
export function isLastAttempt(job: Pick<JobRecord, 'attempts'>): boolean {
  return RETRY_DELAYS_MS[job.attempts - 1] === undefined;
}

export type JobHandler = (payload: unknown, job: JobRecord) => Promise<void>;
export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Scheduled work (DESIGN §4 "jobs"), from the jobs table: each instance polls for due jobs and claims each
 * with a lease (a few at once), so a job runs once across instances, is retried with back-off when it fails, and is
 * taken again when the instance that claimed it died (its lease ends). Modules name the kinds they handle;
 * a job of a kind nobody handles fails for good.
 */
export function createJobRunner(deps: {
  database: Database;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  now: () => Date;
  pollMs?: number;
  leaseMs?: number;
  /** How many jobs this process runs at once (4). */
  concurrency?: number;
}) {
  const { log, now } = deps;
  const repository = createJobsRepository(deps.database);
  const handlers = new Map<string, JobHandler>();
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const concurrency = deps.concurrency ?? CONCURRENCY;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<number> | undefined;
  let stopped = false;

  async function runOne(): Promise<boolean> {
    const job = await repository.claimDue(now(), leaseMs);
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new PermanentJobError(`no handler for jobs of kind ${job.kind}`);
      await handler(job.payload, job);
      if (!(await repository.complete(job, now()))) {
        log.warn({ jobId: job.id, kind: job.kind }, 'jobs: a job finished after its lease ran out');
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = RETRY_DELAYS_MS[job.attempts - 1];
      const retryAt =
        error instanceof PermanentJobError || delay === undefined ? null : new Date(now().getTime() + delay);
      log.error({ err: error, jobId: job.id, kind: job.kind, retryAt }, 'jobs: a job failed');
      await repository.fail(job, message, retryAt, now());
    }
    return true;
  }

  /**
   * Runs the due jobs until none is left, a few at once (each claimed on its own, so the claim still makes
   * each run once across instances): a burst of mails due the same minute is mostly waiting on the SMTP
   * server and the database. One drain at a time in this process.
   */
  function runDue(): Promise<number> {
    draining ??= (async () => {
      let ran = 0;
      const worker = async () => {
        while (!stopped && (await runOne())) ran += 1;
      };
      try {
        await Promise.all(Array.from({ length: concurrency }, worker));
      } finally {
        draining = undefined;
      }
      return ran;
    })();
    return draining;
  }

  const poll = () => {
    runDue().catch((error: unknown) => log.error({ err: error }, 'jobs: polling failed'));
  };

  return {
    /** Names the handler of a kind of job. */
    handle(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /**
     * Schedules (or moves, while it is pending) the job `key`; in `executor`'s transaction when given, so a
     * job exists exactly when the change that needs it committed.
     */
    async schedule(
      job: { kind: string; key: string; runAt: Date; payload: unknown },
      executor?: Transaction<DB>,
    ): Promise<void> {
      await repository.schedule(job, now(), executor);
      if (!executor && job.runAt.getTime() <= now().getTime()) poll();
    },

    async cancel(key: string, executor?: Transaction<DB>): Promise<void> {
      await repository.cancel(key, executor);
    },

    runDue,

    /** Polls for due jobs until `stop`. */
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(poll, deps.pollMs ?? POLL_MS);
      timer.unref();
      poll();
    },

    /** Stops polling and waits for the job under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await draining?.catch(() => undefined);
    },
  };
}
