import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path, { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { templatePageSchema } from '../shared/catalog/catalog.contract.ts';
import { BASED_ON_RANK_CATEGORY } from '../shared/constants.ts';
import { buildApp } from '../server/app.ts';
import { createCatalogRepository } from '../server/modules/catalog/catalog.repository.ts';
import type { TemplateRecord } from '../server/modules/catalog/catalog-source.ts';
import { loadConfig, type AppConfig } from '../server/platform/config.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import {
  createScratchPostgresDatabase,
  findPostgresBinDir,
  PG_ADMIN_URL_ENV,
  startTestPostgresCluster,
} from '../server/testing/postgres.ts';
import type { TestPostgresCluster } from '../server/testing/postgres.ts';
import { signedInOwner } from '../e2e/support/card-owner.ts';
import { firstTemplateId, guestWithCard } from '../e2e/support/guest-card.ts';
import { VIDEO_MAX_BYTES } from '../shared/cards/card-media.ts';
import { homeResponseSchema } from '../shared/catalog/catalog.contract.ts';
import { fakeVideo } from '../server/testing/media-fixture.ts';
import { freePort } from '../server/testing/postgres.ts';
import { buildWhatChanged, SERVER_BUNDLE } from '../server/testing/production-build.ts';
import { paths } from '../web/config/paths.ts';
import { uploadCardMedia } from '../web/lib/uploads/card-media-upload.ts';
import { memoryResumeStore } from '../web/lib/uploads/resume-store.ts';

/**
 * `npm run bench`: the real app in this process, load from a child process (bench/load-generator.mjs).
 *
 * 1. The catalog home answer against a bare hello route on the same server: their ratio says how much of the
 *    server's capacity the home answer costs, independent of the machine. Each run also prints the server's
 *    CPU time per request (this process's user+system time around the load; the load runs elsewhere). The
 *    home answer is measured as a client without compression asks for it and as a browser does (br).
 * 2. The thumbnail route cold (every variant encoded by sharp) and cached (read from the variant cache).
 * 3. The home answer again with 5,000 more templates in the catalog, written by a second database handle as
 *    another instance would.
 * 4. A card read by its signed-in owner (the session looked up) against the same card opened by a recipient
 *    (no session), and against a guest reading their own card (a signed cookie, no lookup).
 * 5. The production server (`node dist/server/main.js`, as `npm start` runs it) in a process of its own: its
 *    resident memory after the first start on an empty data folder, after a restart, after a few page views
 *    and during 8 uploads at once, and how long a restart takes to answer (productionServer() below).
 * 6. Card unlocks per second, one at a time and 50 at once, on SQLite and PostgreSQL, with the statements
 *    one unlock runs (bench/unlocks.ts, which `npm run bench:unlocks` runs alone).
 *
 * Options: --duration <s> (10), --connections <n> (50), --postgres (a throwaway cluster, like the tests; or
 * set DATABASE_URL to bench against your own PostgreSQL).
 */

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    postgres: { type: 'boolean', default: false },
  },
});
const duration = Number(flags.duration);
const connections = Number(flags.connections);
const warmUpSeconds = 3;
const extraTemplates = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50: number;
  latencyP99: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The load generator's own CPU time. */
  cpuMs: number;
}

/** Runs bench/load-generator.mjs in a child process; `paths` are cycled by every connection. */
async function load(
  url: string,
  seconds: number,
  options: { paths?: string[]; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const input = JSON.stringify({ url, ...options, connections, duration: seconds });
  const script = join(import.meta.dirname, 'load-generator.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, input], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as LoadResult);
      } catch (error) {
        reject(new Error(`unreadable load generator output: ${output}`, { cause: error }));
      }
    });
  });
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** User+system CPU time of this process, the server's, in milliseconds. */
function serverCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A load run with the server's CPU time spent on it, and the generator's share of a core. */
interface Measured extends LoadResult {
  cpuMsPerRequest: number;
  generatorLoad: number;
}

async function measure(
  url: string,
  options: { paths?: string[]; headers?: Record<string, string> } = {},
): Promise<Measured> {
  await load(url, warmUpSeconds, options);
  const cpuBefore = serverCpuMs();
  const result = await load(url, duration, options);
  const cpuMs = serverCpuMs() - cpuBefore;
  return {
    ...result,
    cpuMsPerRequest: cpuMs / Math.max(1, result.totalRequests),
    generatorLoad: result.cpuMs / (duration * 1000),
  };
}

function report(label: string, result: LoadResult | Measured): void {
  const problems = result.non2xx + result.errors + result.timeouts;
  const cpu =
    'cpuMsPerRequest' in result
      ? `  CPU ${number(result.cpuMsPerRequest, 3)} ms/req (${number(1000 / result.cpuMsPerRequest)} req/CPU-s),` +
        ` generator ${number(result.generatorLoad * 100)}% of a core`
      : '';
  console.log(
    `${label.padEnd(34)} ${number(result.requestsPerSecond).padStart(9)} req/s` +
      `  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms` +
      `  ${number(result.bytesPerSecond / 1024 / 1024, 1)} MiB/s` +
      cpu +
      (problems
        ? `  (!) ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
        : ''),
  );
}

/** Every listed template's thumbnail URL ('Based on Rank' lists them all), page by page. */
async function thumbnailUrls(baseUrl: string): Promise<string[]> {
  const urls: string[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ category: BASED_ON_RANK_CATEGORY, page: String(page) });
    const response = await fetch(`${baseUrl}/api/catalog/templates?${query}`);
    if (!response.ok) throw new Error(`template list answered ${response.status}`);
    const body = templatePageSchema.parse(await response.json());
    urls.push(...body.items.map((item) => item.thumbnailUrl));
    if (!body.hasMore) return urls;
  }
}

/** Hello, then the home answer plain and as a browser asks for it (br), and their ratio. */
async function homeAgainstHello(baseUrl: string, heading: string): Promise<void> {
  console.log(heading);
  const hello = await measure(`${baseUrl}/__bench/hello`);
  report('GET /__bench/hello', hello);
  const home = await measure(`${baseUrl}/api/catalog/home`);
  report('GET /api/catalog/home', home);
  const homeBr = await measure(`${baseUrl}/api/catalog/home`, { headers: { 'accept-encoding': 'br' } });
  report('GET /api/catalog/home (br)', homeBr);
  console.log(`${'home / hello ratio'.padEnd(34)} ${ratio(home, hello)}`);
  console.log(`${'home (br) / hello ratio'.padEnd(34)} ${ratio(homeBr, hello)}\n`);
}

/**
 * How `result` compares with `base`: by req/s, and by server CPU per request (on a shared machine, or when
 * the generator is the one at 100%, req/s says less).
 */
function ratio(result: Measured, base: Measured): string {
  return (
    `${number(result.requestsPerSecond / base.requestsPerSecond, 3)} by req/s,` +
    ` ${number(base.cpuMsPerRequest / result.cpuMsPerRequest, 3)} by server CPU per request`
  );
}

/** The cost of a session: one card read signed in, by a recipient and by a guest, on the same server. */
async function sessionAgainstPublic(baseUrl: string): Promise<void> {
  console.log('card reads: signed in, public, guest');
  const owner = await signedInOwner(baseUrl);
  const templateId = await firstTemplateId(baseUrl);
  const card = await owner.unlock(await owner.createCard(templateId));
  const guest = await guestWithCard(baseUrl, templateId);
  // The recipient's device, as its cookie names it after the first opening (a device reopening always may).
  const opened = await fetch(`${baseUrl}/api/public/cards/${card.id}`);
  if (!opened.ok) throw new Error(`the shared card answered ${opened.status}`);
  const viewer = opened.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

  const signedIn = await measure(`${baseUrl}/api/cards/${card.id}`, { headers: { cookie: owner.cookie } });
  report('GET /api/cards/:id (signed in)', signedIn);
  const publicRead = await measure(`${baseUrl}/api/public/cards/${card.id}`, {
    headers: { cookie: viewer },
  });
  report('GET /api/public/cards/:id', publicRead);
  const guestRead = await measure(`${baseUrl}/api/cards/${guest.card.id}`, {
    headers: { cookie: guest.headers.cookie! },
  });
  report('GET /api/cards/:id (guest)', guestRead);
  console.log(`${'signed in / public ratio'.padEnd(34)} ${ratio(signedIn, publicRead)}`);
  console.log(`${'signed in / guest ratio'.padEnd(34)} ${ratio(signedIn, guestRead)}\n`);
}

/** The number of listed templates, as the API answers it. */
async function listedTemplates(baseUrl: string): Promise<number> {
  const query = new URLSearchParams({ category: BASED_ON_RANK_CATEGORY, page: '1' });
  const response = await fetch(`${baseUrl}/api/catalog/templates?${query}`);
  if (!response.ok) throw new Error(`template list answered ${response.status}`);
  return templatePageSchema.parse(await response.json()).total;
}

/**
 * Adds `count` templates made from the listed ones (same categories, styles and artwork, older than New Drops)
 * through a second database handle, as another instance writing the catalog would, and waits until the
 * server answers with them.
 */
async function growCatalog(config: AppConfig, baseUrl: string, count: number): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const repository = createCatalogRepository(database);
    const models = await repository.listListableTemplates();
    const listedBefore = await listedTemplates(baseUrl);
    const longAgo = Date.now() - 30 * DAY_MS;
    const templates: TemplateRecord[] = Array.from({ length: count }, (_, index) => {
      const model = models[index % models.length]!;
      return {
        ...model,
        id: `bench-${index}`,
        name: `${model.name} ${index + 1}`,
        createdAt: new Date(longAgo - index * 60_000),
      };
    });
    await repository.insertCatalog({ categories: [], styles: [], events: [], templates });
    const deadline = performance.now() + 30_000;
    while ((await listedTemplates(baseUrl)) !== listedBefore + count) {
      if (performance.now() > deadline) throw new Error('the server never listed the added templates');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await database.destroy();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'winc-bench-'));
  let cluster: TestPostgresCluster | null = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  if (flags.postgres && !env.DATABASE_URL) {
    const binDir = findPostgresBinDir();
    if (!binDir) throw new Error('--postgres: no PostgreSQL binaries found; set DATABASE_URL instead.');
    cluster = await startTestPostgresCluster(binDir);
    process.env[PG_ADMIN_URL_ENV] = cluster.adminUrl;
    env.DATABASE_URL = (await createScratchPostgresDatabase()).url;
  }

  const config = loadConfig(env);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  console.log('Winc benchmark');
  console.log(`  cpu      ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
  console.log(`  memory   ${number(os.totalmem() / 1024 ** 3, 1)} GiB`);
  console.log(`  node     ${process.version} (${os.platform()} ${os.arch()})`);
  console.log(`  database ${dialect}`);
  console.log(
    `  load     ${connections} connections, ${duration} s per run after a ${warmUpSeconds} s warm-up`,
  );
  console.log('');

  const startedAt = performance.now();
  const app = await buildApp(config);
  // The floor: a route with no database, no schema, no I/O, through the same plugins and hooks.
  app.get('/__bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(
    `server ready in ${number((performance.now() - startedAt) / 1000, 1)} s (incl. migrations and seeding)\n`,
  );

  try {
    await homeAgainstHello(baseUrl, `demo catalog (${await listedTemplates(baseUrl)} templates)`);
    await sessionAgainstPublic(baseUrl);

    const urls = await thumbnailUrls(baseUrl);
    // Cold: empty the encoded-variant cache (the server keeps variants only there and in in-flight promises).
    rmSync(join(config.cacheDir, 'template-images'), { recursive: true, force: true });
    const parallel = os.availableParallelism();
    const coldStartedAt = performance.now();
    let next = 0;
    let bytes = 0;
    // One request per thumbnail, `parallel` at a time (sharp's work runs on libuv's thread pool).
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < urls.length) {
          const url = urls[next++];
          const response = await fetch(`${baseUrl}${url}`);
          if (!response.ok) throw new Error(`${url} answered ${response.status}`);
          bytes += (await response.arrayBuffer()).byteLength;
        }
      }),
    );
    const coldSeconds = (performance.now() - coldStartedAt) / 1000;
    console.log(
      `${'thumbnails cold (encode)'.padEnd(34)} ${number(urls.length / coldSeconds, 1).padStart(9)} encodes/s` +
        `  ${urls.length} thumbnails in ${number(coldSeconds, 2)} s, ${parallel} at a time,` +
        ` avg ${number(bytes / urls.length / 1024, 1)} KiB`,
    );

    const paths = urls.map((url) => new URL(url, baseUrl).pathname + new URL(url, baseUrl).search);
    await load(baseUrl, warmUpSeconds, { paths });
    report(`thumbnails cached (${urls.length} URLs)`, await load(baseUrl, duration, { paths }));
    console.log('');

    await growCatalog(config, baseUrl, extraTemplates);
    await homeAgainstHello(
      baseUrl,
      `grown catalog (${await listedTemplates(baseUrl)} templates, ${number(extraTemplates)} added)`,
    );
  } finally {
    await app.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  await productionServer();
  await unlocks();
}

/** Unlocks per second on SQLite and PostgreSQL: bench/unlocks.ts, in a process of its own. */
async function unlocks(): Promise<void> {
  console.log('');
  const script = join(import.meta.dirname, 'unlocks.ts');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench/unlocks.ts exited with ${code}`);
}

/** Resident memory of a process, and of its child processes, in MiB (Linux). */
function residentMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kib / 1024;
}
function childrenResidentMiB(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return children.filter(Boolean).reduce((sum, child) => sum + residentMiB(Number(child)), 0);
  } catch {
    return 0;
  }
}

/**
 * The built server started as `npm start` starts it, in its own process: the time from spawning it to its
 * first 200 on /api/health, and its resident memory (VmRSS), idle 2 s after that and during the requests below.
 */
async function startProductionServer(dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let childrenPeak = 0;
  const sampler = setInterval(
    () => (childrenPeak = Math.max(childrenPeak, childrenResidentMiB(child.pid!))),
    100,
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the production server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    clearInterval(sampler);
  }
  const readyMs = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    baseUrl,
    readyMs,
    /** The peak of its child processes while it started (the demo catalog's generator on a first start). */
    childrenPeakMiB: childrenPeak,
    rss: () => residentMiB(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** 8 resumable 30 MB uploads at once, each to a new guest card, after one to warm the path up (as bench:uploads). */
async function parallelUploads(baseUrl: string, rss: () => number) {
  const templateId = await firstTemplateId(baseUrl);
  const file = new Blob([fakeVideo(VIDEO_MAX_BYTES)], { type: 'video/mp4' });
  const prepare = async () => {
    const { card, headers } = await guestWithCard(baseUrl, templateId);
    const options = {
      cardId: card.id,
      headers,
      kind: 'video' as const,
      file,
      fileName: 'bench.mp4',
      baseUrl,
    };
    return () => uploadCardMedia({ ...options, resumeStore: memoryResumeStore() });
  };
  const warmUp = await prepare();
  await warmUp();
  const uploads = await Promise.all(Array.from({ length: 8 }, prepare));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  await Promise.all(uploads.map((upload) => upload()));
  clearInterval(sampler);
  return { before, peak };
}

/**
 * Section 5: the production server's start and memory (see the top of this file), on SQLite whatever the run's
 * database: a first start needs an empty one. Each figure comes from a server that has done nothing else.
 */
async function productionServer(): Promise<void> {
  buildWhatChanged();
  console.log(
    `\nproduction server (node ${path.relative(process.cwd(), SERVER_BUNDLE)} in its own process, SQLite)`,
  );
  const dataDir = mkdtempSync(join(os.tmpdir(), 'winc-bench-production-'));
  const mib = (value: number) => `${number(value)} MiB`;
  const label = (text: string) => text.padEnd(34);
  try {
    // A first start: migrations, and the demo catalog generated in a child process and seeded.
    const first = await startProductionServer(dataDir);
    console.log(
      `${label('first start (empty data folder)')} ${number(first.readyMs / 1000, 1)} s to the first 200,` +
        ` RSS ${mib(first.rss())} idle after it (generator process peak ${mib(first.childrenPeakMiB)})`,
    );
    // A shared card for the page views below, made now so the restarted server has answered nothing before.
    const owner = await signedInOwner(first.baseUrl);
    const shared = await owner.unlock(await owner.createCard(await firstTemplateId(first.baseUrl)));
    // Its voice greeting is made on unlocking; asking for it waits until it is there.
    if (shared.greetingAudioUrl)
      await (await fetch(new URL(shared.greetingAudioUrl, first.baseUrl))).arrayBuffer();
    await first.stop();

    const restarted = await startProductionServer(dataDir);
    try {
      console.log(
        `${label('restart (data folder seeded)')} ${number(restarted.readyMs)} ms to the first 200,` +
          ` RSS ${mib(restarted.rss())} idle after it`,
      );
      const home = homeResponseSchema.parse(
        await (await fetch(`${restarted.baseUrl}/api/catalog/home`)).json(),
      );
      const category = home.sections.find((section) => section.category)?.category?.name ?? 'Birthday';
      for (const page of ['/', paths.category(category), paths.recipientCard(shared.id)]) {
        const response = await fetch(`${restarted.baseUrl}${page}`);
        if (!response.ok) throw new Error(`${page} answered ${response.status}`);
        await response.arrayBuffer();
      }
      console.log(`${label('then /, a category, /c/{id}')} RSS ${mib(restarted.rss())}`);
    } finally {
      await restarted.stop();
    }

    const uploading = await startProductionServer(dataDir);
    try {
      const { before, peak } = await parallelUploads(uploading.baseUrl, uploading.rss);
      console.log(
        `${label('8 parallel 30 MB uploads')} RSS ${mib(before)} before, peak ${mib(peak)}` +
          ` (+${mib(peak - before)}), on another restart`,
      );
    } finally {
      await uploading.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
