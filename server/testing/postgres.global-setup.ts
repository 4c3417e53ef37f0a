import type { TestProject } from 'vitest/node';
import { findPostgresBinDir, PG_ADMIN_URL_ENV, startTestPostgresCluster } from './postgres.ts';

/**
 * Vitest global setup of the `server` project: one PostgreSQL for the whole run, handed to the workers with
 * `provide('pgAdminUrl')`. `DATABASE_URL` wins (a CI service container, a developer's own server); otherwise a
 * throwaway cluster from the local binaries. Without any PostgreSQL the suites skip, loudly, except on CI,
 * where skipping would hide that the PostgreSQL half of the data layer was never tested.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL?.trim();
  if (external) {
    provideUrl(project, external);
    log(`using DATABASE_URL as the PostgreSQL admin URL for tests (${redact(external)})`);
    return async () => {};
  }

  const binDir = findPostgresBinDir();
  if (!binDir) {
    const lines = [
      'NO POSTGRESQL FOUND: neither DATABASE_URL is set nor are PostgreSQL server binaries installed',
      '(looked for `pg_config --bindir` and /usr/lib/postgresql/*/bin).',
      'Install them (Debian: apt-get install postgresql-15) or set DATABASE_URL=postgres://…',
    ];
    if (isCi()) {
      throw new Error(
        `${lines.join('\n')}\nCI=true: the PostgreSQL suites must run on CI, so this run fails.`,
      );
    }
    warn([...lines, 'The PostgreSQL test suites are SKIPPED in this run.']);
    provideUrl(project, '');
    return async () => {};
  }

  const startedAt = performance.now();
  const cluster = await startTestPostgresCluster(binDir);
  log(`throwaway PostgreSQL from ${binDir} up in ${Math.round(performance.now() - startedAt)} ms`);
  provideUrl(project, cluster.adminUrl);

  // If the run dies before the teardown (Ctrl-C, a crash elsewhere), still stop the background postgres.
  const onExit = () => cluster.stopSync();
  process.once('exit', onExit);

  return async () => {
    process.off('exit', onExit);
    await cluster.stop();
  };
}

function provideUrl(project: TestProject, url: string): void {
  project.provide('pgAdminUrl', url);
  // Children that tests spawn (servers, scripts) are not vitest workers and read the environment instead.
  process.env[PG_ADMIN_URL_ENV] = url;
}

function isCi(): boolean {
  const ci = process.env.CI?.toLowerCase();
  return ci === 'true' || ci === '1';
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

function log(message: string): void {
  console.log(`[postgres] ${message}`);
}

function warn(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const bar = '!'.repeat(width);
  const body = lines.map((line) => `! ${line.padEnd(width - 4)} !`);
  console.warn(['', bar, ...body, bar, ''].join('\n'));
}
