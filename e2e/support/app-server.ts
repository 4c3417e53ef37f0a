import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/testing/postgres.ts';
import { SERVER_BUNDLE } from '../../server/testing/production-build.ts';

/**
 * The real server, started the way `npm start` runs it (its production build, `node dist/server/main.js`), as a
 * child process: the browser tests then cover the whole stack (config, migrations, demo catalog seeding, static
 * app, API) as it ships, and a crash shows up as a crash.
 */

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  /** The server process, for benchmarks that watch its memory. */
  pid: number;
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  /** Extra environment for the server; wins over the defaults below. */
  env?: Record<string, string | undefined>;
  /** How long to wait for /api/health. The first start generates the demo catalog (20–60 s). */
  timeoutMs?: number;
}

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/**
 * A fresh install's data folder after its first start — migrations run, the demo catalog generated and seeded
 * by the server itself — made once per run by the e2e global setup (`prepareSeededData`). Each server that
 * would seed the same catalog starts from a copy instead of drawing its 222 covers again (half a minute of CPU
 * per server); the first start itself is what made the copy, so it is covered once per run.
 */
const SEEDED_DATA = join(REPO_ROOT, '.cache', 'e2e-seeded-data');
const SEEDED_MARK = join(SEEDED_DATA, '.seeded');
/** Settings that make a server's data differ from the default install's: it starts empty. */
const OWN_DATA = /^(?:SEED_DEMO_CATALOG|DATABASE_URL|DATA_DIR|S3_\w+|STORAGE_\w+)$/u;

/** Starts a default install once, stops it, and keeps its data folder for `startAppServer` to copy. */
export async function prepareSeededData(): Promise<void> {
  rmSync(SEEDED_DATA, { recursive: true, force: true });
  const server = await startAppServer({ env: { DATA_DIR: SEEDED_DATA }, keepData: true });
  await server.stop();
  writeFileSync(SEEDED_MARK, new Date().toISOString());
}

export async function startAppServer(
  options: StartAppServerOptions & { keepData?: boolean } = {},
): Promise<AppServer> {
  const port = await freePort();
  const ownData = Object.entries(options.env ?? {}).some(
    ([key, value]) => value !== undefined && OWN_DATA.test(key),
  );
  const dataDir = options.keepData ? SEEDED_DATA : mkdtempSync(join(tmpdir(), 'winc-e2e-'));
  if (!ownData && existsSync(SEEDED_MARK))
    cpSync(SEEDED_DATA, dataDir, { recursive: true, filter: (source) => source !== SEEDED_MARK });
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: Record<string, string | undefined> = {
    ...process.env,
    // A developer's DATABASE_URL must not make browser tests write to their database; pass it explicitly.
    DATABASE_URL: undefined,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Signing up and in hashes passwords: at the standard cost that is 0.2 s of a core each time.
    PASSWORD_HASHING: 'fast',
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of the output for the error message if the server dies or never becomes healthy.
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  // Set by the exit handler; declared wide so the checks after a wait are not narrowed to the initial null.
  let exited = null as { code: number | null; signal: NodeJS.Signals | null } | null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const cleanUp = () => {
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      // Graceful shutdown should take well under 10 s; past that, do not let a hung server hang the suite.
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    cleanUp();
  };

  const timeoutMs = options.timeoutMs ?? 150_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      cleanUp();
      const { code, signal } = exited;
      throw new Error(
        `The app server exited (code ${code}, signal ${signal}) before it was healthy:\n${output}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseUrl, dataDir, pid: child.pid!, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The app server did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
}
