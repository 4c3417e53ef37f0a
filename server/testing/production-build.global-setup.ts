import { buildWhatChanged } from './production-build.ts';

/**
 * Vitest global setup of the `server` project: the tests that start a server process run the production
 * build (server/testing/server-process.ts), which must match the sources under test.
 */
export default function setup(): void {
  buildWhatChanged();
}
