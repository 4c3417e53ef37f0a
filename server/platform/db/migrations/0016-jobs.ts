import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Scheduled work (DESIGN §4 "jobs"): reminders and notices that must go out once, at their time, whichever
 * instance is up. A job is claimed with a lease; one whose instance died is claimed again once its lease ends.
 * `key` names what the job does for whom, so scheduling it again moves it instead of adding a second one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    // pending → done, or failed for good (with its last error).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}
