import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';

/** Transactions as the driver runs them; on PostgreSQL, BEGIN goes out with the first statement. */
describeEachDatabase('transactions', (use) => {
  const windowsLike = async (prefix: string) => {
    const rows = await use()
      .database.db.selectFrom('rateLimitWindows')
      .select('key')
      .where('key', 'like', `${prefix}%`)
      .orderBy('key')
      .execute();
    return rows.map((row) => row.key);
  };
  const insertWindow = (key: string) => {
    const { codec } = use().database;
    return (executor: Kysely<DB>) =>
      executor
        .insertInto('rateLimitWindows')
        .values({ key, windowStart: 0, hits: 0, expiresAt: codec.date(new Date('2026-11-25T12:00:00Z')) })
        .execute();
  };

  it('commits its statements together, and rolls them all back when it fails after the first', async () => {
    const { db } = use().database;
    await db.transaction().execute(async (trx) => {
      await insertWindow('trx-commit:a')(trx);
      await insertWindow('trx-commit:b')(trx);
    });
    expect(await windowsLike('trx-commit:')).toEqual(['trx-commit:a', 'trx-commit:b']);

    await expect(
      db.transaction().execute(async (trx) => {
        await insertWindow('trx-rollback:a')(trx);
        await insertWindow('trx-rollback:b')(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await windowsLike('trx-rollback:')).toEqual([]);
  });

  it('rolls back when its first statement fails, and the connection serves the next transaction', async () => {
    const { db } = use().database;
    await insertWindow('trx-first:taken')(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertWindow('trx-first:taken')(trx);
      }),
    ).rejects.toThrow();
    for (let round = 0; round < 12; round += 1) {
      await db.transaction().execute(async (trx) => {
        await insertWindow(`trx-first:after-${String(round).padStart(2, '0')}`)(trx);
      });
    }
    expect(await windowsLike('trx-first:after-')).toHaveLength(12);
  });

  it('ends a transaction that ran no statement without sending anything that would stay open', async () => {
    const { db } = use().database;
    await db.transaction().execute(async () => {});
    await expect(
      db.transaction().execute(async () => {
        throw new Error('nothing done');
      }),
    ).rejects.toThrow('nothing done');
    await insertWindow('trx-empty:after')(db);
    expect(await windowsLike('trx-empty:')).toEqual(['trx-empty:after']);
  });

  it('runs every statement of a transaction inside it on PostgreSQL, the first one included', async (context) => {
    const { database, dialect } = use();
    if (dialect !== 'postgres') context.skip();
    const ids = await database.db.transaction().execute(async (trx) => {
      const first = await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(trx);
      const second = await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(trx);
      return [first.rows[0]!.id, second.rows[0]!.id];
    });
    expect(ids[0]).toBe(ids[1]);
    const status = await sql<{
      inside: boolean;
    }>`select pg_current_xact_id_if_assigned() is not null as inside`.execute(database.db);
    expect(status.rows[0]!.inside).toBe(false);
  });
});
