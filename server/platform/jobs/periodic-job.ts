import type { ExclusiveRunner, JobOutcome } from '../db/exclusive-runner.ts';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

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
