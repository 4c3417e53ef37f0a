import { buildWhatChanged } from '../../server/testing/production-build.ts';
import { ensureChromium } from './browser.ts';

/**
 * Vitest global setup of the `e2e` project: a browser to drive, and the production build (browser app and
 * server) that the real server runs, as fresh as its sources. `npm test` has already built both; this covers
 * `npx vitest --project e2e` run on its own.
 */
export default function setup(): void {
  const executable = ensureChromium();
  console.log(`[e2e] browser: ${executable}`);
  buildWhatChanged();
}
