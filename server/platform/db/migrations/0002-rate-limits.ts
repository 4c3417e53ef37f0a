import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/** Fixed-window request counters shared by every app instance (DESIGN §1.2: no limiter state in memory). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_windows_pk', ['key', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_expires_idx')
    .on('rate_limit_windows')
    .column('expires_at')
    .execute();
}
