import { rmSync } from 'node:fs';
import { buildWhatChanged } from '../../server/testing/production-build.ts';
import { prepareSeededData } from './app-server.ts';
import { ensureChromium } from './browser.ts';
import { SHARED_TEST_VIDEOS } from './generate-test-video.ts';

/** Set once a run has prepared what its browser tests share. */
const PREPARED = 'WINC_E2E_PREPARED';

/**
 * Vitest global setup of the browser projects (`e2e` and `e2e-alone`; it runs once for both): a browser to
 * drive, the production build (browser app and server) that the real server runs, as fresh as its sources
 * (`npm test` has already built both; this covers `npx vitest --project e2e` run on its own), a fresh install's
 * data after its first start, which the servers of the tests start from, and no test videos left from an
 * earlier run.
 */
export default async function setup(): Promise<void> {
  if (process.env[PREPARED]) return;
  process.env[PREPARED] = '1';
  const executable = ensureChromium();
  console.log(`[e2e] browser: ${executable}`);
  buildWhatChanged();
  // Each run makes its test videos afresh, once.
  rmSync(SHARED_TEST_VIDEOS, { recursive: true, force: true });
  const started = performance.now();
  await prepareSeededData();
  console.log(
    `[e2e] a fresh install's first start, kept for the tests: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
