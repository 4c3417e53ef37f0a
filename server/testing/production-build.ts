import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The production build that `npm start` runs (scripts/build.mjs): the browser app and its page renderer, and
 * the server's bundle, which the tests that start a real server process run as `npm start` does.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The built server's entry point: `node dist/server/main.js`. */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'dist', 'server', 'main.js');

/** The built browser app. */
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'dist', 'web');

/** Builds what is older than its sources (`npm test` has built both already; a lone vitest run may not). */
export function buildWhatChanged(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
}
