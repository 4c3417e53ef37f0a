import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { templatePageSchema } from '../shared/catalog/catalog.contract.ts';
import { BASED_ON_RANK_CATEGORY } from '../shared/constants.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import {
  createScratchPostgresDatabase,
  findPostgresBinDir,
  PG_ADMIN_URL_ENV,
  startTestPostgresCluster,
} from '../server/testing/postgres.ts';
import type { TestPostgresCluster } from '../server/testing/postgres.ts';

/**
 * `npm run bench`: the real app in this process, load from a child process (bench/load-generator.mjs).
 *
 * 1. The catalog home query against a bare hello route on the same server: their ratio says how much of the
 *    server's capacity the home page's database work and serialisation cost, independent of the machine.
 * 2. The thumbnail route cold (every variant encoded by sharp) and cached (read from the variant cache).
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

interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50: number;
  latencyP99: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon in a child process; `paths` are cycled by every connection. */
async function load(url: string, seconds: number, paths?: string[]): Promise<LoadResult> {
  const input = JSON.stringify({ url, paths, connections, duration: seconds });
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

function report(label: string, result: LoadResult): void {
  const problems = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${label.padEnd(34)} ${number(result.requestsPerSecond).padStart(9)} req/s` +
      `  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms` +
      `  ${number(result.bytesPerSecond / 1024 / 1024, 1)} MiB/s` +
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
    const hello = `${baseUrl}/__bench/hello`;
    const home = `${baseUrl}/api/catalog/home`;
    await load(hello, warmUpSeconds);
    const helloResult = await load(hello, duration);
    report('GET /__bench/hello', helloResult);
    await load(home, warmUpSeconds);
    const homeResult = await load(home, duration);
    report('GET /api/catalog/home', homeResult);
    console.log(
      `home / hello ratio                 ${number(homeResult.requestsPerSecond / helloResult.requestsPerSecond, 3)}` +
        ` (home costs ${number(helloResult.requestsPerSecond / homeResult.requestsPerSecond, 1)}× a bare route)\n`,
    );

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
    await load(baseUrl, warmUpSeconds, paths);
    report(`thumbnails cached (${urls.length} URLs)`, await load(baseUrl, duration, paths));
  } finally {
    await app.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
