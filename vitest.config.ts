import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects because they need different setups: `unit` is pure and fast; `server` gets a throwaway
 * PostgreSQL for the whole run, and the production build for its tests that start a server process; `e2e`
 * gets a browser and the production build and runs one file at a time, each file starting the real server
 * (they would otherwise fight over the two cores and time out).
 */
/**
 * Unit and server files run two at a time even on two cores: a server test mostly waits on its database,
 * sockets and child processes, so a second one fills the wait (vitest's default, one fewer than the cores,
 * ran them one by one). Browser files run after them, one at a time, alone on the machine.
 */
const SERVER_WORKERS = Math.max(2, availableParallelism() - 1);

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
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          // The first server start generates the demo catalog.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
