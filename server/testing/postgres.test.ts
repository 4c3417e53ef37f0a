import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, postgresAvailable } from './postgres.ts';
import type { ScratchPostgresDatabase } from './postgres.ts';

/** Proves the throwaway cluster of the global setup works, so a broken setup is not mistaken for skipped suites. */
describe.skipIf(!postgresAvailable())('test PostgreSQL', () => {
  let database: ScratchPostgresDatabase;

  beforeAll(async () => {
    database = await createScratchPostgresDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('serves a scratch database of its own', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ one: number; db: string }>(
        'select 1 as one, current_database() as db',
      );
      expect(rows).toEqual([{ one: 1, db: new URL(database.url).pathname.slice(1) }]);
    } finally {
      await client.end();
    }
  });

  it('drops a database right after its pool ended, without killing the closing connections', async () => {
    // pool.end() resolves before the sockets close: a forced drop at that moment made pg throw an uncaught
    // "terminating connection due to administrator command", which vitest reports as a failed run.
    const scratch = await createScratchPostgresDatabase();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    await Promise.all([1, 2, 3, 4].map(() => pool.query('select pg_sleep(0.05)')));
    await pool.end();
    await scratch.drop();

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [
        new URL(scratch.url).pathname.slice(1),
      ]);
      expect(rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
