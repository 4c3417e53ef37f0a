import crypto from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/platform/db/database.ts';
import { createCardsRepository } from '../server/modules/cards/cards.repository.ts';
import { seedFixtureCatalog, signUpOverHttp } from '../server/chaos/chaos-fixture.ts';
import { cardDraft } from '../server/testing/card-fixture.ts';
import { freePort } from '../server/testing/postgres.ts';
import { buildWhatChanged } from '../server/testing/production-build.ts';
import { startServerProcess, type ServerProcess } from '../server/testing/server-process.ts';
import { startSmtpSink } from '../server/testing/smtp-sink.ts';
import { cardsApi, deliveryApi } from '../shared/api-paths.ts';
import { benchConfig, benchTestDatabase, onPostgres, postgresCpuReader } from './support/bench-databases.ts';

/**
 * `npm run bench:delivery`: 1,000 paid cards, each mailed to its own address, all scheduled for the same
 * minute, delivered by two server instances on one PostgreSQL (a throwaway cluster) to the local SMTP sink
 * (server/testing/smtp-sink.ts). Prints the time from that minute to the last mail received, the mails per
 * address (none may come twice), and the machine. Goal (issue): all within 60 s, none twice.
 *
 * The instances are the built server (`node dist/server/main.js`, as `npm start` runs it), each a process of
 * its own; the SMTP sink and the scheduling client run in this process, so neither takes the instances' event
 * loop (which would understate them).
 *
 * Each scheduled card's preview image is drawn when it is scheduled (about 170 ms of CPU a card here), as a
 * card scheduled days ahead has it ready: the minute is set far enough ahead for that, and the figure is the
 * minute's mail alone.
 *
 * Options: --cards <n> (1000), --lead <seconds> (how far ahead the minute is set, so scheduling and the
 * previews end before it; 0.3 s a card, at least 30), --profile <dir> (each instance writes a V8 CPU profile
 * there when it stops).
 */

const { values: flags } = parseArgs({
  options: {
    cards: { type: 'string', default: '1000' },
    lead: { type: 'string' },
    profile: { type: 'string' },
  },
});
const cardCount = Number(flags.cards);
const leadMs = (flags.lead ? Number(flags.lead) : Math.max(30, cardCount * 0.3)) * 1000;
const profileDir = flags.profile ? resolve(flags.profile) : null;

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** CPU time (user + system, ms) a process has used so far, from /proc; 0 where there is none. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15 of stat, 12 and 13 after the command) in clock ticks (100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function benchPostgres(label: string, databaseUrl: string): Promise<void> {
  buildWhatChanged();
  const sink = await startSmtpSink();
  const { dataDir, config } = benchConfig('delivery', databaseUrl);
  const database = openDatabase({ databaseUrl });
  const testDatabase = benchTestDatabase(config, database, dataDir);
  const instances: ServerProcess[] = [];
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const start = async (env: Record<string, string>, profiled: boolean) =>
    startServerProcess({
      port: await freePort(),
      dataDir,
      databaseUrl,
      env: { PAYMENTS_TEST_MODE: 'on', ...env },
      nodeFlags: profiled && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      timeoutMs: 120_000,
    });
  try {
    // The first start migrates the database; the sender signs up there, without SMTP (the verification link
    // is read from the outbox), and the catalog gets its templates.
    const signUpServer = await start({}, false);
    await seedFixtureCatalog(testDatabase);
    const sender = await signUpOverHttp(() => signUpServer.baseUrl, testDatabase);
    await signUpServer.stop();

    for (let i = 0; i < 2; i++) instances.push(await start({ SMTP_URL: sink.url }, true));
    const [first] = instances as [ServerProcess, ServerProcess];
    const databaseCpu = await postgresCpuReader(database);

    // One paid card made through the API, copied as paid cards.
    const created = await fetch(`${first.baseUrl}${cardsApi.create}`, {
      method: 'POST',
      headers: { cookie: sender.cookie, origin: first.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(cardDraft),
    });
    if (created.status !== 201) throw new Error(`card: ${created.status} ${await created.text()}`);
    const model = (await created.json()) as { id: string };
    const unlocked = await fetch(`${first.baseUrl}${cardsApi.unlock(model.id)}`, {
      method: 'POST',
      headers: { cookie: sender.cookie, origin: first.baseUrl },
    });
    if (unlocked.status !== 200) throw new Error(`unlock: ${unlocked.status}`);
    const cards = createCardsRepository(database);
    const record = (await cards.findById(model.id))!;
    const ids = [model.id];
    for (let i = 1; i < cardCount; i++) {
      const id = crypto.randomBytes(16).toString('base64url');
      await cards.insert({ ...record, id });
      ids.push(id);
    }

    // Every card scheduled for the same minute, half of the requests through each instance.
    const minute = new Date(Date.now() + leadMs);
    const addresses = ids.map((_, index) => `recipient-${index}@bench.example`);
    const scheduleStart = performance.now();
    const batch = 25;
    for (let offset = 0; offset < ids.length; offset += batch) {
      await Promise.all(
        ids.slice(offset, offset + batch).map(async (id, inBatch) => {
          const index = offset + inBatch;
          const instance = instances[index % 2]!;
          const response = await fetch(`${instance.baseUrl}${deliveryApi.card(id)}`, {
            method: 'POST',
            headers: { cookie: sender.cookie, origin: instance.baseUrl, 'content-type': 'application/json' },
            body: JSON.stringify({ address: addresses[index], at: minute.toISOString() }),
          });
          if (response.status !== 201)
            throw new Error(`schedule: ${response.status} ${await response.text()}`);
        }),
      );
    }
    const scheduleMs = performance.now() - scheduleStart;
    if (Date.now() >= minute.getTime()) throw new Error('scheduling ran past the minute: raise --lead');
    console.log(label);
    console.log(`  scheduled ${number(cardCount)} deliveries in ${number(scheduleMs / 1000, 1)} s`);

    await new Promise((resolve) => setTimeout(resolve, minute.getTime() - Date.now()));
    const serverCpu = () => instances.reduce((sum, instance) => sum + processCpuMs(instance.pid), 0);
    const serverCpuBefore = serverCpu();
    const databaseCpuBefore = databaseCpu?.() ?? 0;
    const received = () => sink.mails.filter((mail) => mail.to[0]?.endsWith('@bench.example')).length;
    const deadline = Date.now() + 5 * 60_000;
    while (received() < cardCount && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const allMs = Date.now() - minute.getTime();
    const serverCpuMs = serverCpu() - serverCpuBefore;
    // A second copy would arrive shortly after: wait for it before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const perAddress = new Map<string, number>();
    for (const mail of sink.mails)
      for (const to of mail.to)
        if (to.endsWith('@bench.example')) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const twice = [...perAddress.values()].filter((count) => count > 1).length;
    const missing = addresses.filter((address) => !perAddress.has(address)).length;
    console.log(
      `  delivered ${number(perAddress.size)} of ${number(cardCount)} in ${number(allMs / 1000, 1)} s after the minute` +
        ` (${number((perAddress.size / allMs) * 1000, 0)} mails/s)`,
    );
    console.log(
      `  per address: ${twice === 0 ? 'each once' : `${twice} TWICE OR MORE`}, ${missing} missing` +
        `  (instances' CPU ${number(serverCpuMs / cardCount, 2)} ms a mail` +
        (databaseCpu
          ? `, PostgreSQL CPU ${number((databaseCpu() - databaseCpuBefore) / cardCount, 2)} ms`
          : '') +
        `, load average ${os
          .loadavg()
          .map((load) => number(load, 1))
          .join(' ')})`,
    );
    console.log(
      `  goal: all within 60 s, none twice — ${allMs <= 60_000 && twice === 0 && missing === 0 ? 'met' : 'NOT MET'}\n`,
    );
    if (twice > 0 || missing > 0) process.exitCode = 1;
  } finally {
    for (const instance of instances) await instance.stop();
    if (profileDir) console.log(`  CPU profiles of the instances: ${profileDir}`);
    await database.destroy();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('Winc delivery benchmark');
console.log(`  cpu    ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
console.log(`  node   ${process.version} (${os.platform()} ${os.arch()})`);
console.log(
  `  runs   ${number(cardCount)} cards mailed for the same minute, two instance processes, one PostgreSQL\n`,
);
await onPostgres(benchPostgres);
