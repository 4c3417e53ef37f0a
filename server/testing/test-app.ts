import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { isLoopbackOrigin, loadConfig, type AppConfig } from '../platform/config.ts';
import type { TestDatabase } from './databases.ts';

/** The real app on a test database, quiet, with no demo catalog unless asked. */
export async function buildTestApp(
  testDatabase: TestDatabase,
  options: AppOptions & { env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; config: AppConfig }> {
  const origin = options.env?.PUBLIC_ORIGIN;
  const config = loadConfig({
    // Cheap password hashes, but where the test stands for a public server, which refuses them.
    PASSWORD_HASHING: origin === undefined || isLoopbackOrigin(origin) ? 'fast' : 'standard',
    DATA_DIR: testDatabase.dataDir,
    DATABASE_URL: testDatabase.databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: path.join(testDatabase.dataDir, 'no-web-build'),
    ...options.env,
  });
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { env: _env, ...appOptions } = options;
  // On the test's SQLite file the test's connection is the app's too, as one process has one
  // (PlatformOptions.database); a test that counts the app's statements needs the app's own.
  const sameSqliteFile =
    testDatabase.dialect === 'sqlite' &&
    !config.databaseUrl &&
    config.dataDir === path.resolve(testDatabase.dataDir);
  const app = await buildApp(config, {
    ...(sameSqliteFile && !options.onStatement ? { database: testDatabase.database } : {}),
    ...appOptions,
  });
  return { app, config };
}
