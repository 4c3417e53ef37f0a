import { createExclusiveRunner } from '../db/exclusive-runner.ts';
import type { Platform } from '../platform.ts';
import { schedulePeriodicJob } from './periodic-job.ts';

/** The housekeeping runs first a few minutes after start, then hourly. */
const HOUSEKEEPING_FIRST_AFTER_MS = 5 * 60 * 1000;
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * The housekeeping: the modules' clean-ups (what their retention periods let go), one after the other in the
 * order given, on one instance at a time; each run logs what each part removed. It stops with the server.
 */
export function scheduleHousekeeping(
  platform: Pick<Platform, 'app' | 'database' | 'log'>,
  parts: Record<string, () => Promise<unknown>>,
): void {
  const housekeeping = schedulePeriodicJob({
    name: 'housekeeping',
    firstAfterMs: HOUSEKEEPING_FIRST_AFTER_MS,
    everyMs: HOUSEKEEPING_EVERY_MS,
    runExclusively: createExclusiveRunner(platform.database),
    work: async () => {
      const removed: Record<string, unknown> = {};
      for (const [name, part] of Object.entries(parts)) removed[name] = await part();
      return removed;
    },
    log: platform.log,
  });
  platform.app.addHook('preClose', async () => housekeeping.stop());
}
