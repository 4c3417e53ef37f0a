import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';

describeEachDatabase('prepared queries', (use) => {
  async function insertWindows(keys: string[]): Promise<void> {
    const { db, codec } = use().database;
    const expiresAt = codec.date(new Date('2026-11-22T12:00:00Z'));
    await db
      .insertInto('rateLimitWindows')
      .values(keys.map((key, hits) => ({ key, windowStart: 0, hits, expiresAt })))
      .execute();
  }

  it('runs the query compiled once with the values of each run, on the database and in a transaction', async () => {
    await insertWindows(['prepared:a', 'prepared:b']);
    const { database } = use();
    const hitsOf = database.prepare((db, values: { key: string }) =>
      db.selectFrom('rateLimitWindows').select(['key', 'hits']).where('key', '=', values.key),
    );
    expect(await hitsOf.execute(database.db, { key: 'prepared:a' })).toEqual([
      { key: 'prepared:a', hits: 0 },
    ]);
    expect(await hitsOf.execute(database.db, { key: 'prepared:b' })).toEqual([
      { key: 'prepared:b', hits: 1 },
    ]);
    expect(await hitsOf.execute(database.db, { key: 'prepared:none' })).toEqual([]);

    const addHit = database.prepare((db, values: { key: string; by: number }) =>
      db
        .updateTable('rateLimitWindows')
        .set({ hits: sql<number>`hits + ${values.by}` })
        .where('key', '=', values.key)
        .returning('hits'),
    );
    const rows = await database.db
      .transaction()
      .execute(async (trx) => [
        ...(await addHit.execute(trx, { key: 'prepared:a', by: 5 })),
        ...(await addHit.execute(trx, { key: 'prepared:b', by: 7 })),
      ]);
    expect(rows).toEqual([{ hits: 5 }, { hits: 8 }]);
  });

  it('refuses a query whose values are not passed to it as they are', async () => {
    const { database } = use();
    const computed = database.prepare((db, values: { hits: number }) =>
      db
        .selectFrom('rateLimitWindows')
        .select('key')
        .where('hits', '=', values.hits + 1),
    );
    await expect(computed.execute(database.db, { hits: 1 })).rejects.toThrow(
      /"hits" does not reach the query/,
    );
    const spread = database.prepare((db, values: { key: string }) =>
      db.insertInto('rateLimitWindows').values({ windowStart: 0, hits: 0, expiresAt: 'x', ...values }),
    );
    await expect(spread.execute(database.db, { key: 'k' })).rejects.toThrow(/one by one/);
  });

  it('is a named statement on PostgreSQL, parsed once per connection', async (context) => {
    const { database, dialect } = use();
    if (dialect !== 'postgres') context.skip();
    const count = database.prepare((db, values: { minimum: number }) =>
      db
        .selectFrom('rateLimitWindows')
        .select((eb) => eb.fn.countAll<number>().as('windows'))
        .where('hits', '>=', values.minimum),
    );
    const prepared = await database.db.connection().execute(async (connection) => {
      await count.execute(connection, { minimum: 0 });
      await count.execute(connection, { minimum: 1 });
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
    });
    expect(prepared.rows.filter((row) => row.statement.includes('"hits" >='))).toHaveLength(1);
  });
});
