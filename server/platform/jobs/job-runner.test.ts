import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { createJobRunner, PermanentJobError } from './job-runner.ts';
import { createJobsRepository } from './jobs.repository.ts';

const quiet = { error: () => undefined, warn: () => undefined };
const MINUTE = 60 * 1000;

/**
 * Scheduled work from the jobs table (DESIGN §4): once across instances, retried with back-off, taken again
 * when the instance that claimed it died, never run again once done.
 */
describeEachDatabase('the jobs', (use) => {
  let clock = new Date('2026-12-01T09:00:00Z');
  const now = () => clock;
  const others: Database[] = [];
  afterAll(async () => {
    for (const database of others) await database.destroy();
  });

  /** A runner counting how often each job ran. */
  function runner(
    database: Database = use().database,
    fail?: (key: string, attempt: number) => Error | null,
  ) {
    const runs = new Map<string, number>();
    const jobs = createJobRunner({ database, log: quiet, now, leaseMs: 5 * MINUTE });
    jobs.handle('test', async (payload) => {
      const key = (payload as { key: string }).key;
      const attempt = (runs.get(key) ?? 0) + 1;
      runs.set(key, attempt);
      const error = fail?.(key, attempt);
      if (error) throw error;
    });
    return { jobs, runs };
  }

  const job = (key: string, runAt: Date = clock) => ({ kind: 'test', key, runAt, payload: { key } });

  const statusOf = async (key: string) =>
    use()
      .database.db.selectFrom('jobs')
      .select(['status', 'attempts', 'lastError', 'runAt'])
      .where('key', '=', key)
      .executeTakeFirst();

  it('runs a job once its time has come, and never again', async () => {
    const { jobs, runs } = runner();
    await jobs.schedule(job('now'));
    await jobs.schedule(job('later', new Date(clock.getTime() + 60 * MINUTE)));
    await jobs.runDue();
    expect(runs).toEqual(new Map([['now', 1]]));
    clock = new Date(clock.getTime() + 61 * MINUTE);
    await jobs.runDue();
    await jobs.schedule(job('now'));
    await jobs.runDue();
    expect(runs).toEqual(
      new Map([
        ['now', 1],
        ['later', 1],
      ]),
    );
    expect(await statusOf('now')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('moves a pending job scheduled again, and takes one back', async () => {
    const { jobs, runs } = runner();
    await jobs.schedule(job('moved', new Date(clock.getTime() + 10 * MINUTE)));
    await jobs.schedule(job('moved', new Date(clock.getTime() + 30 * MINUTE)));
    await jobs.schedule(job('cancelled', new Date(clock.getTime() + 10 * MINUTE)));
    await jobs.cancel('cancelled');
    clock = new Date(clock.getTime() + 20 * MINUTE);
    await jobs.runDue();
    expect(runs.size).toBe(0);
    clock = new Date(clock.getTime() + 11 * MINUTE);
    await jobs.runDue();
    expect(runs).toEqual(new Map([['moved', 1]]));
    expect(await statusOf('cancelled')).toBeUndefined();
  });

  it('runs each job exactly once with two instances draining at once', async () => {
    const { dialect, databaseUrl, dataDir } = use();
    const other =
      dialect === 'postgres'
        ? openDatabase({ databaseUrl })
        : openDatabase({ sqlitePath: `${dataDir}/winc.db` });
    others.push(other);
    const first = runner();
    const second = runner(other);
    const keys = Array.from({ length: 40 }, (_, i) => `pair-${i}`);
    // Scheduled elsewhere: a runner that schedules a due job starts draining at once, before the other.
    const elsewhere = createJobsRepository(use().database);
    for (const key of keys) await elsewhere.schedule(job(key), clock);
    await Promise.all([first.jobs.runDue(), second.jobs.runDue(), first.jobs.runDue(), second.jobs.runDue()]);
    for (const key of keys) expect((first.runs.get(key) ?? 0) + (second.runs.get(key) ?? 0), key).toBe(1);
    if (dialect === 'postgres') expect(second.runs.size).toBeGreaterThan(0);
  });

  it('takes a job again when the instance that claimed it died before finishing, and only then', async () => {
    // An instance claims the job and is killed (kill -9) before it sends anything.
    const dead = createJobsRepository(use().database);
    const { jobs, runs } = runner();
    await dead.schedule(job('orphan'), clock);
    const claimed = await dead.claimDue(clock, 5 * MINUTE);
    expect(claimed?.key).toBe('orphan');
    await jobs.runDue();
    expect(runs.get('orphan')).toBeUndefined();
    clock = new Date(clock.getTime() + 6 * MINUTE);
    await jobs.runDue();
    expect(runs.get('orphan')).toBe(1);
    expect(await statusOf('orphan')).toMatchObject({ status: 'done', attempts: 2 });
    // The dead instance's claim cannot finish the job any more.
    expect(await dead.complete(claimed!, clock)).toBe(false);
    await jobs.runDue();
    expect(runs.get('orphan')).toBe(1);
  });

  it('tries a failed job again after a while, and fails for good when told it is permanent', async () => {
    const { jobs, runs } = runner(undefined, (key, attempt) => {
      if (key === 'flaky' && attempt === 1) return new Error('450 mailbox busy');
      if (key === 'refused') return new PermanentJobError('550 no such user');
      return null;
    });
    // Scheduled by another instance: this one finds them when it polls.
    const elsewhere = createJobsRepository(use().database);
    await elsewhere.schedule(job('flaky'), clock);
    await elsewhere.schedule(job('refused'), clock);
    await jobs.runDue();
    expect(await statusOf('flaky')).toMatchObject({ status: 'pending', lastError: '450 mailbox busy' });
    expect(await statusOf('refused')).toMatchObject({ status: 'failed', lastError: '550 no such user' });
    await jobs.runDue();
    expect(runs.get('flaky')).toBe(1);
    clock = new Date(clock.getTime() + MINUTE);
    await jobs.runDue();
    expect(runs.get('flaky')).toBe(2);
    expect(runs.get('refused')).toBe(1);
    expect(await statusOf('flaky')).toMatchObject({ status: 'done' });
  });
});
