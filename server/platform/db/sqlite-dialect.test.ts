import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Database } from './database.ts';

describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let database: Database;
  let statements: string[];
  /** A second connection to the same file: it sees only what is committed. */
  let observer: SQLite.Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-group-commit-'));
    file = path.join(dir, 'winc.db');
    statements = [];
    database = openDatabase({ sqlitePath: file, onStatement: (sql) => statements.push(sql) });
    await migrateToLatest(database);
    observer = new SQLite(file, { readonly: true });
    statements = [];
  });

  afterEach(async () => {
    observer.close();
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const committedKeys = () =>
    (observer.prepare('select key from rate_limit_windows order by key').all() as Array<{ key: string }>).map(
      (row) => row.key,
    );

  const windowOf = (key: string) => ({ key, windowStart: 0, hits: 1, expiresAt: '2030-01-01T00:00:00.000Z' });

  /** A transaction inserting `key`; it answers when its commit is on disk, and checks it is visible then. */
  const insertInTransaction = (key: string, fail = false) =>
    database.db.transaction().execute(async (trx) => {
      await trx.insertInto('rateLimitWindows').values(windowOf(key)).execute();
      if (fail) throw new Error(`${key} fails`);
    });

  it('makes transactions that arrive together durable with one commit, each answered only once committed', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `together:${String(i).padStart(2, '0')}`);
    const seenWhenAnswered: string[][] = [];
    await Promise.all(
      keys.map((key) => insertInTransaction(key).then(() => seenWhenAnswered.push(committedKeys()))),
    );
    expect(statements.filter((sql) => sql === 'commit')).toHaveLength(1);
    for (const seen of seenWhenAnswered) expect(seen).toEqual(keys);
  });

  it('rolls back only the transaction that failed', async () => {
    const results = await Promise.allSettled([
      insertInTransaction('a'),
      insertInTransaction('b', true),
      insertInTransaction('c'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedKeys()).toEqual(['a', 'c']);
    expect(statements.filter((sql) => sql === 'commit')).toHaveLength(1);
  });

  it('commits one by one what arrives one by one', async () => {
    await insertInTransaction('first');
    expect(committedKeys()).toEqual(['first']);
    await insertInTransaction('second');
    expect(committedKeys()).toEqual(['first', 'second']);
    expect(statements.filter((sql) => sql === 'commit')).toHaveLength(2);
  });

  it('commits the open group before a write outside any transaction, which is durable when it answers', async () => {
    const grouped = insertInTransaction('grouped');
    await database.db.insertInto('rateLimitWindows').values(windowOf('alone')).execute();
    expect(committedKeys()).toEqual(['alone', 'grouped']);
    await grouped;
  });

  it('lets a read outside any transaction see the open group', async () => {
    const grouped = insertInTransaction('grouped');
    const read = database.db.selectFrom('rateLimitWindows').select('key').execute();
    expect((await read).map((row) => row.key)).toEqual(['grouped']);
    await grouped;
    expect(committedKeys()).toEqual(['grouped']);
  });

  it('commits what is open when the database is closed', async () => {
    const grouped = insertInTransaction('last');
    await database.destroy();
    await grouped;
    expect(committedKeys()).toEqual(['last']);
    database = openDatabase({ sqlitePath: file });
  });
});
