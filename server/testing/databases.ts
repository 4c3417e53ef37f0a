import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Dialect } from '../platform/db/dialect.ts';
import { migrateToLatest, openDatabase, type Database } from '../platform/db/database.ts';
import { createScratchPostgresDatabase, postgresAvailable } from './postgres.ts';

/** One test database: a fresh SQLite file or a scratch PostgreSQL database, migrated. */
export interface TestDatabase {
  dialect: Dialect;
  database: Database;
  /** For code that opens its own connection (buildApp): DATABASE_URL, or '' for SQLite. */
  databaseUrl: string;
  /** A fresh DATA_DIR; the SQLite file lives in it. */
  dataDir: string;
}

export async function createTestDatabase(
  dialect: Dialect,
): Promise<{ handle: TestDatabase; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `winc-test-${dialect}-`));
  const scratch = dialect === 'postgres' ? await createScratchPostgresDatabase() : null;
  const database = openDatabase({ databaseUrl: scratch?.url, sqlitePath: path.join(dataDir, 'winc.db') });
  await migrateToLatest(database);
  return {
    handle: { dialect, database, databaseUrl: scratch?.url ?? '', dataDir },
    async cleanup() {
      await database.destroy();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once on SQLite and once on PostgreSQL (each with its own migrated database for the file).
 * `use()` returns the current database inside tests and hooks.
 */
export function describeEachDatabase(name: string, suite: (use: () => TestDatabase) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe.skipIf(dialect === 'postgres' && !postgresAvailable())(`${name} [${dialect}]`, () => {
      let current: TestDatabase | undefined;
      let cleanup: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = await createTestDatabase(dialect);
        current = created.handle;
        cleanup = created.cleanup;
      });
      afterAll(async () => {
        await cleanup?.();
      });
      suite(() => {
        if (!current) throw new Error('the test database is not ready yet');
        return current;
      });
    });
  }
}
