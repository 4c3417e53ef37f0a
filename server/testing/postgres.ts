import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A throwaway PostgreSQL for the test run: the PostgreSQL suites must run on every machine
 * that has PostgreSQL binaries, without anyone preparing a server first. The global setup starts one cluster
 * per run (or uses `DATABASE_URL` when given); each test file then creates its own scratch database in it, so
 * files can run in parallel without seeing each other's rows.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the test cluster, or '' when no PostgreSQL exists on this machine. */
    pgAdminUrl: string;
  }
}

/** Also exported as an environment variable so code outside vitest workers (scripts, children) can find it. */
export const PG_ADMIN_URL_ENV = 'WINC_TEST_PG_ADMIN_URL';

export interface TestPostgresCluster {
  adminUrl: string;
  /** The folder of the server's unix socket: a client on this machine may connect through it instead of TCP. */
  socketDir: string;
  /** Stops the cluster and removes its files. */
  stop(): Promise<void>;
  /**
   * The same, synchronously: for a process `exit` handler when the run ends without its global teardown
   * (Ctrl-C, a failing setup elsewhere), so no postgres keeps running in the background.
   */
  stopSync(): void;
  /** Shuts the server down but keeps its files and port, like an outage: open connections are cut. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same files and port. */
  resume(): Promise<void>;
}

export interface ScratchPostgresDatabase {
  url: string;
  /** Drops the database, ending any connection a test forgot to close. */
  drop(): Promise<void>;
}

/** Where the PostgreSQL server binaries live, or null when this machine has none. */
export function findPostgresBinDir(): string | null {
  const hasServer = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    if (dir && hasServer(dir)) return dir;
  } catch {
    // pg_config comes with libpq-dev, which a server-only install may lack: fall back to Debian's layout.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  return null;
}

/** A TCP port that is free right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

interface PostgresUser {
  uid: number;
  gid: number;
}

/** initdb and postgres refuse to run as root, so as root we run them as the `postgres` system user. */
function postgresUser(): PostgresUser | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    if (Number.isInteger(uid) && Number.isInteger(gid) && uid !== 0) return { uid, gid };
  } catch {
    // handled below
  }
  throw new Error(
    'Running as root, but there is no `postgres` system user to run the test PostgreSQL cluster as.\n' +
      'Create one (useradd --system postgres) or run the tests as a normal user.',
  );
}

/** Runs a PostgreSQL binary to completion (as `postgres` when we are root); throws with its output on failure. */
async function run(binary: string, args: string[], user: PostgresUser | null): Promise<void> {
  const options: SpawnOptions = {
    stdio: ['ignore', 'pipe', 'pipe'],
    // libuv drops root's supplementary groups when switching uid, so this is a clean `postgres` process.
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    // The cluster must not pick up a developer's PG* settings (PGDATA, PGPORT, …) from the environment.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
  };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(binary, args, options);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${binary} ${args.join(' ')} exited with ${code}:\n${output.trim()}`)),
    );
  });
}

/**
 * Starts a fresh cluster in a temp dir: trust auth on 127.0.0.1 only, durability switched off (the data is
 * thrown away; fsync would dominate the run time), enough connections for parallel test workers.
 */
export async function startTestPostgresCluster(binDir: string): Promise<TestPostgresCluster> {
  const user = postgresUser();
  // Short path: the unix socket lives here too and socket paths are limited to ~107 bytes.
  const root = mkdtempSync(join(tmpdir(), 'winc-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  mkdirSync(dataDir);
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(dataDir, user.uid, user.gid);
  }

  let started = false;
  let serverOptions = '';
  const startArgs = () => ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', serverOptions];
  // immediate: no shutdown checkpoint, there is nothing worth keeping.
  const stopArgs = ['stop', '-D', dataDir, '-m', 'immediate', '-w'];
  const stop = async () => {
    if (started) {
      started = false;
      await run(join(binDir, 'pg_ctl'), stopArgs, user).catch(() => {});
    }
    rmSync(root, { recursive: true, force: true });
  };
  const stopSync = () => {
    if (started) {
      started = false;
      spawnSync(join(binDir, 'pg_ctl'), stopArgs, {
        stdio: 'ignore',
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      });
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await run(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      user,
    );
    // A port can be taken between picking and binding; try a few.
    let lastError: unknown;
    for (let attempt = 0; attempt < 5 && !started; attempt++) {
      const port = await freePort();
      serverOptions = [
        `-p ${port}`,
        `-k ${root}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      try {
        await run(join(binDir, 'pg_ctl'), startArgs(), user);
        started = true;
        return {
          adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
          socketDir: root,
          stop,
          stopSync,
          async halt() {
            // fast: every backend is told to terminate, as in an operator's restart or a failover.
            await run(join(binDir, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w'], user);
          },
          async resume() {
            await run(join(binDir, 'pg_ctl'), startArgs(), user);
          },
        };
      } catch (error) {
        lastError = error;
      }
    }
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim() : '';
    throw new Error(`${String(lastError)}\n--- postgres log ---\n${log}`);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The admin URL in a test worker ('' when PostgreSQL is unavailable). */
function adminUrl(): string {
  let provided: string | undefined;
  try {
    provided = inject('pgAdminUrl');
  } catch {
    // Not inside a vitest worker: fall back to the environment.
  }
  return provided || process.env[PG_ADMIN_URL_ENV] || '';
}

/** True when the run has a PostgreSQL to test against; PostgreSQL suites use `describe.skipIf(!postgresAvailable())`. */
export function postgresAvailable(): boolean {
  return adminUrl() !== '';
}

/** The same server and credentials as `url`, another database. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, empty database for one test file; call `drop()` in `afterAll`. */
export async function createScratchPostgresDatabase(): Promise<ScratchPostgresDatabase> {
  const admin = adminUrl();
  if (!admin) throw new Error('No PostgreSQL for this test run; guard the suite with postgresAvailable().');
  const name = `winc_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    // FILE_COPY (PostgreSQL 15+) skips WAL-logging every block of the template: the quickest copy with fsync
    // off. An external DATABASE_URL may point at an older server, which knows only that strategy anyway.
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    const strategy = Number(rows[0]?.server_version_num) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'${strategy}`);
  } finally {
    await client.end();
  }
  return {
    url: withDatabase(admin, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        // pg's pool.end() resolves before its sockets have closed; forcing the drop at once would kill those
        // closing connections and surface as an uncaught "terminating connection" error in the test. So wait
        // briefly for them to go, and force only connections a test really forgot to close.
        const deadline = Date.now() + 5_000;
        for (;;) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            const inUse = (error as { code?: string }).code === '55006';
            if (!inUse) throw error;
            if (Date.now() > deadline) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
