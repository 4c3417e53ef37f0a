import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cardsApi } from '../shared/api-paths.ts';
import { seedFixtureCatalog, signUpOverHttp, unpaidCards } from '../server/chaos/chaos-fixture.ts';
import { startCluster, type Cluster } from '../server/cluster/cluster-fixture.ts';
import { processCpuMs } from './support/bench-databases.ts';
import { createCpuGroup, type CpuGroup } from './support/cpu-quota.ts';
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
 * Each instance runs under a CPU quota (`--quota`, 0.25 of a core by default; a cgroup, as root): on a machine
 * with few cores the instances, PostgreSQL, HAProxy, the S3 store and the load process would otherwise share
 * them all, and a second instance could only take cores from the first. Capped, one instance stands for a
 * machine of its own, and two show what a second adds. Where no quota can be set (not root, no cgroup cpu
 * controller) the bench says so and runs uncapped, and its ratio then says only that nothing breaks. The bench
 * and all it starts run in a group of high weight, so the host's other work takes what they leave; rounds of
 * one instance then two alternate, and each kind's best round counts. Each run prints the CPU time the
 * instances and the load process spent per request. At 0.4 of a core, two instances and what they share came
 * close to two cores' worth: the instances got their quota in only 76–89 % of the periods and each request cost
 * them a third more; at 0.25 an instance's CPU per request is the same alone or with a second.
 *
 * Options: --views <n> page views per run (3000), --unlocks <n> unlocks per run (1500), --concurrency <n> (50),
 * --quota <cores> per instance (0.25; 0: none), --accounts <n> the unlocks come from (20), --rounds <n> of one
 * instance then two (3; each kind's best round counts).
 */

const { values: flags } = parseArgs({
  options: {
    views: { type: 'string', default: '3000' },
    unlocks: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '50' },
    quota: { type: 'string', default: '0.25' },
    accounts: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const views = Number(flags.views);
const unlocks = Number(flags.unlocks);
const concurrency = Number(flags.concurrency);
const quotaCores = Number(flags.quota);
const accounts = Number(flags.accounts);
const rounds = Number(flags.rounds);
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
  /** Per capped instance, the share of its quota periods it was throttled in during the run. */
  throttledShare?: number[];
  /** CPU time of the load process per request. */
  clientCpuMs: number;
  /** CPU time of all the instances together per request (a page view is two). */
  instancesCpuMs?: number;
}

/** One request per path (with its cookie), `workers` in flight, from a separate process; answers its figures. */
async function load(
  baseUrl: string,
  requests: { paths: string[]; cookies: string[] },
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
      JSON.stringify({
        baseUrl,
        ...requests,
        origin: baseUrl,
        workers: concurrency,
        method,
      }),
    );
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '') as LoadResult;
}

interface RunFigures {
  views: LoadResult;
  unlocks: LoadResult;
}

/**
 * The group of high weight this process and everything it starts run in (null where none can be made): the
 * host's other work then waits for the bench, and an instance is not kept below its quota by it.
 */
let benchGroup: CpuGroup | null = null;

async function benchInstances(count: number): Promise<RunFigures> {
  const cluster: Cluster = await startCluster({
    instances: count,
    prepare: seedFixtureCatalog,
    env: { LOG_LEVEL: 'error', WEB_DIST_DIR },
  });
  const quotas: CpuGroup[] = [];
  try {
    if (quotaCores > 0) {
      for (const [name, instance] of cluster.instances) {
        const answer = createCpuGroup(name, { cores: quotaCores }, { within: benchGroup ?? undefined });
        if ('skipped' in answer) {
          console.log(`  WARNING: no CPU quota (${answer.skipped}): the instances share every core`);
          break;
        }
        answer.group.add(instance.pid);
        quotas.push(answer.group);
      }
    }
    // Unlocks come from many accounts, as many people's would: one account's would all wait for its balance's
    // row lock in PostgreSQL, whatever the instances. Each signs up from an address of its own (sign-ups are
    // limited per address).
    const senders = [];
    for (let i = 0; i < accounts; i++)
      senders.push(
        await signUpOverHttp(() => cluster.url, cluster.testDatabase, `10.9.${i >> 8}.${i & 255}`),
      );
    await cluster.testDatabase.database.db
      .updateTable('users')
      .set({ credits: STARTING_CREDITS })
      .where(
        'id',
        'in',
        senders.map((sender) => sender.userId),
      )
      .execute();
    // Unpaid cards to unlock (one made over HTTP per account, the rest copies of it), and one paid card to view.
    const perAccount = Math.ceil((unlocks + 600) / accounts);
    const owned = await Promise.all(
      senders.map(async (sender) =>
        (await unpaidCards(sender, cluster.testDatabase, perAccount)).map((id) => ({
          id,
          cookie: sender.cookie,
        })),
      ),
    );
    // Interleaved, so that requests in flight at once come from different accounts.
    const cards = Array.from({ length: perAccount }, (_, i) => owned.map((list) => list[i]!)).flat();
    const sender = senders[0]!;
    const shared = (await unpaidCards(sender, cluster.testDatabase, 1))[0]!;
    const paid = await sender.post(cardsApi.unlock(shared));
    if (paid.status !== 200) throw new Error(`unlock: ${paid.status} ${await paid.text()}`);
    // A recipient's device: its viewer cookie, so every view after the first is the same device reloading.
    const first = await fetch(`${cluster.url}${cardsApi.publicCard(shared)}`);
    if (first.status !== 200) throw new Error(`public card: ${first.status}`);
    const viewer = first.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const viewsOf = (n: number) => {
      const paths = Array.from({ length: n }, () => [`/c/${shared}`, cardsApi.publicCard(shared)]).flat();
      return { paths, cookies: paths.map(() => viewer) };
    };
    const unlocksOf = (chosen: { id: string; cookie: string }[]) => ({
      paths: chosen.map(({ id }) => cardsApi.unlock(id)),
      cookies: chosen.map(({ cookie }) => cookie),
    });

    // Warm-up, as long for each instance whatever their number: each compiles its hot paths and fills its pools.
    await load(cluster.url, viewsOf(1500 * count), 'GET');
    await load(cluster.url, unlocksOf(cards.splice(0, 300 * count)), 'POST');

    const instancesCpu = () =>
      [...cluster.instances.values()].reduce((sum, instance) => sum + processCpuMs(instance.pid), 0);
    const throttled = async (run: () => Promise<LoadResult>, requests: number) => {
      const before = quotas.map((quota) => quota.throttling());
      const cpuBefore = instancesCpu();
      const result = await run();
      const share = quotas.map((quota, i) => {
        const { periods, throttled } = quota.throttling();
        return (throttled - before[i]!.throttled) / Math.max(1, periods - before[i]!.periods);
      });
      return { ...result, throttledShare: share, instancesCpuMs: (instancesCpu() - cpuBefore) / requests };
    };
    const viewRun = await throttled(() => load(cluster.url, viewsOf(views), 'GET'), views * 2);
    const unlockRun = await throttled(
      () => load(cluster.url, unlocksOf(cards.splice(0, unlocks)), 'POST'),
      unlocks,
    );
    return {
      // Two requests make one page view.
      views: { ...viewRun, perSecond: viewRun.perSecond / 2 },
      unlocks: unlockRun,
    };
  } finally {
    await cluster.stop();
    quotas.forEach((quota) => quota.remove());
  }
}

function report(label: string, result: LoadResult, unit: string): void {
  console.log(
    `  ${label.padEnd(12)} ${number(result.perSecond).padStart(6)} ${unit}` +
      `  p50 ${number(result.p50, 1)} ms  p99 ${number(result.p99, 1)} ms  errors ${result.failures}` +
      (result.failures > 0 ? ` (statuses ${JSON.stringify(result.statuses)})` : '') +
      `  CPU per request: instances ${number(result.instancesCpuMs ?? 0, 2)} ms, load ${number(result.clientCpuMs, 2)} ms` +
      (result.throttledShare?.length
        ? `  quota bound in ${result.throttledShare.map((share) => `${number(share * 100)} %`).join(' / ')} of periods`
        : ''),
  );
}

async function main(): Promise<void> {
  console.log('Winc cluster benchmark: one instance, then two, behind HAProxy round robin');
  console.log(`  cpu    ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
  console.log(`  node   ${process.version} (${os.platform()} ${os.arch()})`);
  console.log(
    `  runs   ${views} page views (GET /c/{id} + GET /api/public/cards/{id}), ${unlocks} unlocks,` +
      ` ${concurrency} requests in flight`,
  );
  console.log(
    `  quota  ${quotaCores > 0 ? `${quotaCores} of a core per instance (cgroup)` : 'none: the instances share every core'}`,
  );

  // The instances run the production build (web app and server bundle), made now if the sources changed.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  if (quotaCores > 0) {
    const answer = createCpuGroup(`winc-bench-${process.pid}`, { highWeight: true });
    if ('group' in answer) {
      benchGroup = answer.group;
      benchGroup.add(process.pid);
      console.log(
        '  weight ×100 for the bench and all it starts (PostgreSQL, HAProxy, the store, the instances, the load)',
      );
    }
  }
  console.log('');

  let postgres: TestPostgresCluster | null = null;
  if (!process.env[PG_ADMIN_URL_ENV]) {
    const binDir = findPostgresBinDir();
    if (!binDir) throw new Error('No PostgreSQL binaries found: install postgresql (Debian: postgresql-15).');
    postgres = await startTestPostgresCluster(binDir);
    process.env[PG_ADMIN_URL_ENV] = postgres.adminUrl;
  }
  try {
    // Rounds alternate one instance and two, and each kind's best round counts: what else the host runs
    // can only slow a round down, never speed it up, and alternating spreads it over both.
    const best = new Map<number, RunFigures>();
    let errors = 0;
    for (let round = 1; round <= rounds; round++) {
      for (const count of [1, 2]) {
        console.log(
          `${count} instance${count > 1 ? 's' : ''}${rounds > 1 ? `, round ${round} of ${rounds}` : ''}`,
        );
        const run = await benchInstances(count);
        report('page views', run.views, 'views/s  ');
        report('unlocks', run.unlocks, 'unlocks/s');
        errors += run.views.failures + run.unlocks.failures;
        const previous = best.get(count);
        best.set(count, {
          views: previous && previous.views.perSecond > run.views.perSecond ? previous.views : run.views,
          unlocks:
            previous && previous.unlocks.perSecond > run.unlocks.perSecond ? previous.unlocks : run.unlocks,
        });
      }
    }
    const one = best.get(1)!;
    const two = best.get(2)!;
    console.log(`\ntwo instances / one${rounds > 1 ? `, best round of ${rounds} each` : ''}`);
    console.log(
      `  page views ×${number(two.views.perSecond / one.views.perSecond, 2)}` +
        `  (${number(two.views.perSecond)} / ${number(one.views.perSecond)} views/s)`,
    );
    console.log(
      `  unlocks    ×${number(two.unlocks.perSecond / one.unlocks.perSecond, 2)}` +
        `  (${number(two.unlocks.perSecond)} / ${number(one.unlocks.perSecond)} unlocks/s)`,
    );
    console.log(`  errors     ${errors}`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await postgres?.stop();
    benchGroup?.remove();
  }
}

await main();
