import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '../../server/platform/config.ts';
import type { Database } from '../../server/platform/db/database.ts';
import { TEST_ORIGIN } from '../../server/testing/accounts-fixture.ts';
import type { TestDatabase } from '../../server/testing/databases.ts';
import {
  createScratchPostgresDatabase,
  findPostgresBinDir,
  PG_ADMIN_URL_ENV,
  startTestPostgresCluster,
  type TestPostgresCluster,
} from '../../server/testing/postgres.ts';

/**
 * A process's parent, its own CPU time and that of its children it has waited for (user + system, in clock
 * ticks: 100 a second on Linux), from /proc.
 */
function processStat(pid: string): { parent: string; ticks: number; childTicks: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return {
      parent: fields[1]!,
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** A live process's own CPU time so far (all its threads), in ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  return (processStat(String(pid))?.ticks ?? 0) * 10;
}

/**
 * Reads the CPU time of the cluster (in ms), or null when it is not local: the postmaster's own, its live
 * children's, and that of the children that have exited (counted into the postmaster once it waited for
 * them). Without the last, a backend that ends between two readings takes its time with it and the
 * difference can go negative.
 */
export async function postgresCpuReader(database: Database): Promise<(() => number) | null> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
  const postmaster = processStat(String(rows[0]!.pid))?.parent;
  if (!postmaster) return null;
  return () => {
    const own = processStat(postmaster);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(processStat)
      .filter((stat) => stat?.parent === postmaster)
      .reduce((sum, stat) => sum + stat!.ticks, 0);
    return ((own?.ticks ?? 0) + (own?.childTicks ?? 0) + children) * 10;
  };
}

/**
 * Runs `bench` on PostgreSQL: `DATABASE_URL`'s server, or a throwaway cluster of the machine's PostgreSQL
 * binaries reached through its unix socket, as a server on the same machine would be. Skipped (and said so)
 * when there is neither.
 */
export async function onPostgres(bench: (label: string, url: string) => Promise<void>): Promise<void> {
  let cluster: TestPostgresCluster | null = null;
  try {
    let url = process.env.DATABASE_URL;
    if (!url) {
      const binDir = findPostgresBinDir();
      if (!binDir) {
        console.log('PostgreSQL: no binaries found and no DATABASE_URL: skipped.');
        return;
      }
      cluster = await startTestPostgresCluster(binDir);
      process.env[PG_ADMIN_URL_ENV] = cluster.adminUrl;
      const scratch = new URL((await createScratchPostgresDatabase()).url);
      scratch.searchParams.set('host', cluster.socketDir);
      url = scratch.toString();
    }
    await bench(cluster ? 'PostgreSQL (throwaway cluster on a unix socket, fsync off)' : 'PostgreSQL', url);
  } finally {
    await cluster?.stop();
  }
}

/**
 * The configuration of a bench's server: a fresh data folder (named after the bench), the database given
 * (SQLite in that folder without one), a port of its own on loopback, only errors logged.
 */
export function benchConfig(
  name: string,
  databaseUrl: string | undefined,
): { dataDir: string; config: AppConfig } {
  const dataDir = mkdtempSync(join(os.tmpdir(), `winc-bench-${name}-`));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PUBLIC_ORIGIN: TEST_ORIGIN,
  });
  return { dataDir, config };
}

/** The bench's database as the test fixtures take it (to sign accounts up, set tiers). */
export function benchTestDatabase(config: AppConfig, database: Database, dataDir: string): TestDatabase {
  return {
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    database,
    databaseUrl: config.databaseUrl ?? '',
    dataDir,
  };
}
