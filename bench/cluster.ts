import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cardsApi } from '../shared/api-paths.ts';
import { seedFixtureCatalog, signUpOverHttp, unpaidCards } from '../server/chaos/chaos-fixture.ts';
import { startCluster, type Cluster } from '../server/cluster/cluster-fixture.ts';
import {
  findPostgresBinDir,
  PG_ADMIN_URL_ENV,
  startTestPostgresCluster,
  type TestPostgresCluster,
} from '../server/testing/postgres.ts';

/**
 * `npm run bench:cluster`: what a second instance adds. The same load through HAProxy (round robin) in front
 * of one instance, then of two, on one PostgreSQL and one S3-compatible store (the test store): recipient
 * page views — `GET /c/{id}` (the server-rendered page with its link preview meta) plus the card's public API
 * read, as a recipient's browser makes them — and card unlocks (the paying transaction). Requests come from a
 * separate process (bench/request-client.mjs) with `--concurrency` in flight; every answer must be 200.
 *
 * On a machine with few cores the instances, PostgreSQL, HAProxy, the S3 store and the load process share
 * them: the ratio shows whether a second instance adds anything here and that nothing breaks, not how far
 * more machines would go.
 *
 * Options: --views <n> page views per run (3000), --unlocks <n> unlocks per run (1500), --concurrency <n> (50).
 */

const { values: flags } = parseArgs({
  options: {
    views: { type: 'string', default: '3000' },
    unlocks: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '50' },
  },
});
const views = Number(flags.views);
const unlocks = Number(flags.unlocks);
const concurrency = Number(flags.concurrency);
const STARTING_CREDITS = 10_000_000;
/** The built app: the recipient page is rendered from its server build, as in production. */
const WEB_DIST_DIR = resolve(import.meta.dirname, '..', 'dist', 'web');

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200. */
  failures: number;
  /** How many answers of each status. */
  statuses: Record<string, number>;
}

/** One request per path, `workers` in flight, from a separate process; answers its figures. */
async function load(
  baseUrl: string,
  cookie: string,
  paths: string[],
  method: 'GET' | 'POST',
): Promise<LoadResult> {
  const script = join(import.meta.dirname, 'request-client.mjs');
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`load client exited ${code}`)),
    );
    child.stdin.end(
      JSON.stringify({ baseUrl, cookie, origin: baseUrl, paths, workers: concurrency, method }),
    );
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as LoadResult;
}

interface RunFigures {
  views: LoadResult;
  unlocks: LoadResult;
}

async function benchInstances(count: number): Promise<RunFigures> {
  const cluster: Cluster = await startCluster({
    instances: count,
    prepare: seedFixtureCatalog,
    env: { LOG_LEVEL: 'error', WEB_DIST_DIR },
  });
  try {
    const sender = await signUpOverHttp(() => cluster.url, cluster.testDatabase);
    await cluster.testDatabase.database.db
      .updateTable('users')
      .set({ credits: STARTING_CREDITS })
      .where('id', '=', sender.userId)
      .execute();
    // Unpaid cards to unlock (one made over HTTP, the rest copies of it), and one paid card to view.
    const ids = await unpaidCards(sender, cluster.testDatabase, unlocks + 100 + 1);
    const shared = ids.pop()!;
    const paid = await sender.post(cardsApi.unlock(shared));
    if (paid.status !== 200) throw new Error(`unlock: ${paid.status} ${await paid.text()}`);
    // A recipient's device: its viewer cookie, so every view after the first is the same device reloading.
    const first = await fetch(`${cluster.url}${cardsApi.publicCard(shared)}`);
    if (first.status !== 200) throw new Error(`public card: ${first.status}`);
    const viewer = first.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const pagePaths = (n: number) =>
      Array.from({ length: n }, () => [`/c/${shared}`, cardsApi.publicCard(shared)]).flat();
    const unlockPaths = (chosen: string[]) => chosen.map((id) => cardsApi.unlock(id));

    // Warm-up: every instance compiles its hot paths and fills its pools.
    await load(cluster.url, viewer, pagePaths(300), 'GET');
    await load(cluster.url, sender.cookie, unlockPaths(ids.splice(0, 100)), 'POST');

    const viewRun = await load(cluster.url, viewer, pagePaths(views), 'GET');
    const unlockRun = await load(cluster.url, sender.cookie, unlockPaths(ids.splice(0, unlocks)), 'POST');
    return {
      // Two requests make one page view.
      views: { ...viewRun, perSecond: viewRun.perSecond / 2 },
      unlocks: unlockRun,
    };
  } finally {
    await cluster.stop();
  }
}

function report(label: string, result: LoadResult, unit: string): void {
  console.log(
    `  ${label.padEnd(12)} ${number(result.perSecond).padStart(6)} ${unit}` +
      `  p50 ${number(result.p50, 1)} ms  p99 ${number(result.p99, 1)} ms  errors ${result.failures}` +
      (result.failures > 0 ? ` (statuses ${JSON.stringify(result.statuses)})` : ''),
  );
}

async function main(): Promise<void> {
  console.log('Winc cluster benchmark: one instance, then two, behind HAProxy round robin');
  console.log(`  cpu    ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
  console.log(`  node   ${process.version} (${os.platform()} ${os.arch()})`);
  console.log(
    `  runs   ${views} page views (GET /c/{id} + GET /api/public/cards/{id}), ${unlocks} unlocks,` +
      ` ${concurrency} requests in flight\n`,
  );

  if (!existsSync(join(WEB_DIST_DIR, 'index.html'))) {
    console.log('The web app is not built: npx vite build');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  let postgres: TestPostgresCluster | null = null;
  if (!process.env[PG_ADMIN_URL_ENV]) {
    const binDir = findPostgresBinDir();
    if (!binDir) throw new Error('No PostgreSQL binaries found: install postgresql (Debian: postgresql-15).');
    postgres = await startTestPostgresCluster(binDir);
    process.env[PG_ADMIN_URL_ENV] = postgres.adminUrl;
  }
  try {
    const figures = new Map<number, RunFigures>();
    for (const count of [1, 2]) {
      console.log(`${count} instance${count > 1 ? 's' : ''}`);
      const run = await benchInstances(count);
      report('page views', run.views, 'views/s  ');
      report('unlocks', run.unlocks, 'unlocks/s');
      figures.set(count, run);
    }
    const one = figures.get(1)!;
    const two = figures.get(2)!;
    const errors = [...figures.values()].reduce(
      (sum, run) => sum + run.views.failures + run.unlocks.failures,
      0,
    );
    console.log('\ntwo instances / one');
    console.log(`  page views ×${number(two.views.perSecond / one.views.perSecond, 2)}`);
    console.log(`  unlocks    ×${number(two.unlocks.perSecond / one.unlocks.perSecond, 2)}`);
    console.log(`  errors     ${errors}`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await postgres?.stop();
  }
}

await main();
