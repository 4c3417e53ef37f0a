import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { healthApi } from '../../shared/api-paths.ts';

describe('the database connection an app is given', () => {
  let dataDir = '';
  let database: Database | undefined;
  afterEach(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the one the app uses, and stays open when the app closes', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-given-database-'));
    const statements: string[] = [];
    database = openDatabase({
      sqlitePath: path.join(dataDir, 'winc.db'),
      onStatement: (text) => statements.push(text),
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_CATALOG: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp(config, { database });
    statements.length = 0;
    expect((await app.inject({ url: healthApi.ready })).statusCode).toBe(200);
    expect(statements).toContain('select 1');

    await app.close();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
