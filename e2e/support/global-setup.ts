import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './browser.ts';

/**
 * Vitest global setup of the `e2e` project: a browser to drive and a built web app for the real server to
 * serve. `npm test` has already built the app; this covers `npx vitest --project e2e` run on its own.
 */
export default function setup(): void {
  const executable = ensureChromium();
  console.log(`[e2e] browser: ${executable}`);

  const root = process.cwd();
  const index = join(root, 'dist', 'web', 'index.html');
  const sources = [join(root, 'web'), join(root, 'shared'), join(root, 'vite.config.ts')];
  if (existsSync(index) && newestMtime(sources) <= statSync(index).mtimeMs) return;

  console.log(
    `[e2e] web app ${existsSync(index) ? 'is older than its sources' : 'is not built'}: npx vite build`,
  );
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`[e2e] vite build failed (exit ${result.status ?? result.signal}).`);
}

/** The newest modification time of the files under these paths (a stale build tests yesterday's app). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}
