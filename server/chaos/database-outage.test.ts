import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlockCardResponseSchema } from '../../shared/cards/cards.contract.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import type { TestDatabase } from '../testing/databases.ts';
import {
  findPostgresBinDir,
  freePort,
  startTestPostgresCluster,
  type TestPostgresCluster,
} from '../testing/postgres.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { seedFixtureCatalog, signUpOverHttp, unpaidCards, type HttpSender } from './chaos-fixture.ts';
import { cardsApi } from '../../shared/api-paths.ts';

const binDir = findPostgresBinDir();
const SERVICE_UNAVAILABLE = {
  code: 'service-unavailable',
  message: 'Service temporarily unavailable. Please try again in a moment.',
};

/**
 * PostgreSQL goes away for a while (`pg_ctl stop -m fast` of a cluster this file owns, so the shared test
 * cluster is left alone) and comes back on the same port: the server answers clear 503s meanwhile (its
 * readiness too, so a proxy would send elsewhere; its liveness stays 200, so nothing restarts it), stays up,
 * and serves again by itself, without a restart.
 */
describe.skipIf(!binDir)('PostgreSQL unavailable for a while', () => {
  let cluster: TestPostgresCluster;
  let testDatabase: TestDatabase;
  let server: ServerProcess | undefined;
  let sender: HttpSender;
  let cards: string[];

  beforeAll(async () => {
    cluster = await startTestPostgresCluster(binDir!);
    const database = openDatabase({ databaseUrl: cluster.adminUrl });
    await migrateToLatest(database);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-chaos-outage-'));
    testDatabase = { dialect: 'postgres', database, databaseUrl: cluster.adminUrl, dataDir };
    await seedFixtureCatalog(testDatabase);
    server = await startServerProcess({ port: await freePort(), dataDir, databaseUrl: cluster.adminUrl });
    sender = await signUpOverHttp(() => server!.baseUrl, testDatabase);
    cards = await unpaidCards(sender, testDatabase, 2);
  });
  afterAll(async () => {
    await server?.kill9();
    await testDatabase?.database.destroy().catch(() => undefined);
    await cluster?.stop();
    if (testDatabase) fs.rmSync(testDatabase.dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${server!.baseUrl}${url}`, { signal: AbortSignal.timeout(20_000) });

  it('answers 503 service-unavailable while it is down and recovers by itself', async () => {
    // Warm connections in the server's pool: the outage must cut them, not only refuse new ones.
    expect((await get('/api/catalog/home')).status).toBe(200);

    await cluster.halt();
    let search = 0;
    const probes = {
      ready: () => get('/api/ready'),
      // A catalog answer not made before the outage needs the database.
      catalog: () => get(`/api/catalog/templates?q=outage-${++search}`),
      unlock: () => sender.post(cardsApi.unlock(cards[0]!)),
    };
    const refused: Record<string, number[]> = {};
    for (let round = 0; round < 3; round++) {
      for (const [name, probe] of Object.entries(probes)) {
        const response = await probe();
        const body = (await response.json()) as Record<string, unknown>;
        (refused[name] ??= []).push(response.status);
        expect(response.status, `${name}: ${JSON.stringify(body)}`).toBe(503);
        if (name === 'ready')
          expect(body).toEqual({ status: 'unavailable', database: 'unavailable', storage: 'ok' });
        else expect(body).toEqual(SERVICE_UNAVAILABLE);
      }
    }
    const live = await get('/api/health');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    // The home answer made before the outage is still served, from memory.
    expect((await get('/api/catalog/home')).status).toBe(200);
    expect(server!.exitStatus(), server!.output()).toBeNull();

    await cluster.resume();
    // No restart: the pool reconnects on its own at the next request.
    const deadline = Date.now() + 10_000;
    let ready = await get('/api/ready');
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await get('/api/ready');
    }
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    expect((await get('/api/catalog/home')).status).toBe(200);
    const unlocked = await sender.post(cardsApi.unlock(cards[0]!));
    expect(unlocked.status, await unlocked.clone().text()).toBe(200);
    expect(unlockCardResponseSchema.parse(await unlocked.json()).charged).toBe(true);
    expect(server!.exitStatus()).toBeNull();
    const count = Object.values(refused).flat().length;
    console.info(
      `[chaos] PostgreSQL stopped: ${count} requests answered 503, server up, recovered by itself`,
    );
  });
});
