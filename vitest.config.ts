import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Four projects because they need different setups: `unit` is pure and fast; `server` gets a throwaway
 * PostgreSQL for the whole run, and the production build for its tests that start a server process; the browser
 * tests get a browser, the production build and a fresh install's data, and each file starts the real server.
 *
 * Unit and server files run two at a time even on two cores: a server test mostly waits on its database,
 * sockets and child processes, so a second one fills the wait (vitest's default, one fewer than the cores,
 * ran them one by one). Browser files come after them: `e2e` two at a time (a page mostly waits on its
 * server, and the server on its page), then `e2e-alone` one at a time, alone on the machine.
 */
const SERVER_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The browser files that run alone: they compress or render video in the page, film a fake camera, or measure
 * what the page does in time (the order of a tap's events, frames, a page taken over while its code is held),
 * and a second browser beside them would measure the machine, not the page.
 */
const E2E_ALONE = [
  'e2e/card-media.e2e.ts',
  'e2e/streaming-video-upload.e2e.ts',
  'e2e/video-compression.e2e.ts',
  'e2e/keepsake-video.e2e.ts',
  'e2e/face-opening.e2e.ts',
  'e2e/editor-frames.e2e.ts',
  'e2e/recipient-opening.e2e.ts',
  'e2e/first-paint.e2e.ts',
];

const browserTests = {
  environment: 'node' as const,
  // A worker keeps what it imported (Playwright, the support, the shared code) from one file to the next; six
  // files' import took 12.3 s, 5.0 s so. Each file starts its own server and browser, in processes of their own.
  isolate: false,
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 90_000,
  // The first server start generates the demo catalog.
  hookTimeout: 120_000,
  // A poll of what a page shows waits as a locator would: on a loaded machine a page takes seconds to be taken
  // over by its app (vitest's default, 1 s, failed `help.e2e`'s wait for an Arabic page's direction).
  expect: { poll: { timeout: 15_000 } },
  // A browser test that fails is tried once more: on a loaded two-core machine, one journey of the 183 now and
  // then missed a 30 s wait and passed on every try after. One that passes only on its second try is listed,
  // with what failed the first time, by `scripts/retried-tests-reporter.mjs` and in `npm test`'s summary
  // (docs/decisions/0045-browser-tests-tried-twice.md).
  retry: 1,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          environment: 'node',
          maxWorkers: SERVER_WORKERS,
        },
      },
      {
        test: {
          name: 'server',
          // A worker keeps what it imported (the server's modules, Fastify, better-auth, the drivers) from one file
          // to the next: each file in a process of its own spent 110 s of the two cores importing them again.
          isolate: false,
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          maxWorkers: SERVER_WORKERS,
          globalSetup: [
            'server/testing/postgres.global-setup.ts',
            'server/testing/production-build.global-setup.ts',
          ],
          testTimeout: 30_000,
          // Migrating a fresh database and seeding the demo catalog happen in hooks.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          ...browserTests,
          include: ['e2e/**/*.e2e.ts'],
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          maxWorkers: 2,
          // After the unit and server files, before the files that run alone.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-alone',
          ...browserTests,
          include: E2E_ALONE,
          fileParallelism: false,
          // Last. A project that keeps its imports (above) shares a group with those of its order, which must
          // then have its number of workers.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
