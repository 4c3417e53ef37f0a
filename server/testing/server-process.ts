import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_BUNDLE } from './production-build.ts';

/**
 * The real server as a child process (`node dist/server/main.js`, as `npm start` runs it), for tests
 * that need a process of its own: SIGKILL must end a real process, and a crash must show up as a crash, not
 * take the test runner down with it. Unlike e2e's `startAppServer`, the data folder and port belong to the
 * caller, so a killed server can be started again on the same data at the same address.
 */

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The tail of the server's stdout and stderr, for failure messages. */
  output(): string;
  /** How the process ended, or null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** kill -9: no shutdown hook, no flush, open transactions cut where they stand. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if the graceful shutdown takes too long. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** '' or unset: SQLite under dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Node's own flags, before the bundle (`node --max-old-space-size=… dist/server/main.js`). */
  nodeFlags?: string[];
  timeoutMs?: number;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every child still running, so a failing test or an aborted run leaves none behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the server and waits until /api/health answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_ORIGIN: baseUrl,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    PASSWORD_HASHING: 'fast',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-30_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Set by the exit handler; declared wide so the checks after a wait are not narrowed to the initial null.
  let exitStatus = null as { code: number | null; signal: NodeJS.Signals | null } | null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitStatus = { code, signal };
      running.delete(child);
      resolve();
    });
  });

  const kill9 = async () => {
    if (!exitStatus) child.kill('SIGKILL');
    await exited;
  };
  const stop = async () => {
    if (!exitStatus) {
      child.kill('SIGTERM');
      // Longer than the server's own grace period, so that a shutdown it cannot finish shows as its own exit 1.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exitStatus) {
      const { code, signal } = exitStatus;
      throw new Error(`The server exited (code ${code}, signal ${signal}) before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        return {
          baseUrl,
          pid: child.pid!,
          output: () => output,
          exitStatus: () => exitStatus,
          kill9,
          stop,
        };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await kill9();
  throw new Error(`The server did not answer /api/health in time:\n${output}`);
}
