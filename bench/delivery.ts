import crypto from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import { createCardsRepository } from '../server/modules/cards/cards.repository.ts';
import { pathOf, TestBrowser, uniqueEmail } from '../server/testing/accounts-fixture.ts';
import { startSmtpSink } from '../server/testing/smtp-sink.ts';
import { cardsApi, deliveryApi } from '../shared/api-paths.ts';
import { benchConfig, onPostgres, postgresCpuReader } from './support/bench-databases.ts';

/**
 * `npm run bench:delivery`: 1,000 paid cards, each mailed to its own address, all scheduled for the same
 * minute, delivered by two server instances on one PostgreSQL (a throwaway cluster) to the local SMTP sink
 * (server/testing/smtp-sink.ts). Prints the time from that minute to the last mail received, the mails per
 * address (none may come twice), and the machine. Goal (issue): all within 60 s, none twice.
 *
 * Options: --cards <n> (1000), --lead <seconds> (how far ahead the minute is set, so scheduling ends before
 * it; 20).
 */

const { values: flags } = parseArgs({
  options: {
    cards: { type: 'string', default: '1000' },
    lead: { type: 'string', default: '20' },
  },
});
const cardCount = Number(flags.cards);
const leadMs = Number(flags.lead) * 1000;

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function benchPostgres(label: string, databaseUrl: string): Promise<void> {
  const sink = await startSmtpSink();
  const { dataDir, config } = benchConfig('delivery', databaseUrl);
  const instanceConfig = { ...config, smtpUrl: sink.url };
  const apps: FastifyInstance[] = [];
  const database = openDatabase({ databaseUrl });
  try {
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(instanceConfig, { jobsPollMs: 250 });
      await app.ready();
      apps.push(app);
    }
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const databaseCpu = await postgresCpuReader(database);

    // One sender (verified through the sink) and one paid card made through the API, copied as paid cards.
    const email = uniqueEmail('bench-sender');
    const sender = new TestBrowser(first);
    await sender.post('/api/auth/sign-up/email', { name: 'Sam', email, password: 'correct horse battery' });
    const verification = await sink.waitFor((mail) => mail.to.includes(email), 10_000);
    await sender.get(pathOf(/https?:\/\/[^\s)>\]]+/.exec(verification.text)![0]));
    const template = (
      await database.db.selectFrom('templates').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
    ).id;
    const created = await sender.post(cardsApi.create, {
      templateId: template,
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'female',
    });
    if (created.statusCode !== 201) throw new Error(`card: ${created.statusCode} ${created.body}`);
    const model = created.json<{ id: string }>();
    if ((await sender.post(cardsApi.unlock(model.id))).statusCode !== 200) throw new Error('unlock failed');
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
    const onSecond = new TestBrowser(second);
    for (const [name, value] of sender.cookies) onSecond.cookies.set(name, value);
    const scheduleStart = performance.now();
    const batch = 25;
    for (let start = 0; start < ids.length; start += batch) {
      await Promise.all(
        ids.slice(start, start + batch).map(async (id, offset) => {
          const index = start + offset;
          const browser = index % 2 === 0 ? sender : onSecond;
          const response = await browser.post(deliveryApi.card(id), {
            address: addresses[index],
            at: minute.toISOString(),
          });
          if (response.statusCode !== 201)
            throw new Error(`schedule: ${response.statusCode} ${response.body}`);
        }),
      );
    }
    const scheduleMs = performance.now() - scheduleStart;
    if (Date.now() >= minute.getTime()) throw new Error('scheduling ran past the minute: raise --lead');
    console.log(label);
    console.log(`  scheduled ${number(cardCount)} deliveries in ${number(scheduleMs / 1000, 1)} s`);

    await new Promise((resolve) => setTimeout(resolve, minute.getTime() - Date.now()));
    const cpuBefore = process.cpuUsage();
    const databaseCpuBefore = databaseCpu?.() ?? 0;
    const received = () => sink.mails.filter((mail) => mail.to[0]?.endsWith('@bench.example')).length;
    const deadline = Date.now() + 5 * 60_000;
    while (received() < cardCount && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const allMs = Date.now() - minute.getTime();
    const cpu = process.cpuUsage(cpuBefore);
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
        `  (server CPU ${number((cpu.user + cpu.system) / 1000 / cardCount, 2)} ms a mail` +
        (databaseCpu
          ? `, PostgreSQL CPU ${number((databaseCpu() - databaseCpuBefore) / cardCount, 2)} ms`
          : '') +
        ')',
    );
    console.log(
      `  goal: all within 60 s, none twice — ${allMs <= 60_000 && twice === 0 && missing === 0 ? 'met' : 'NOT MET'}\n`,
    );
    if (twice > 0 || missing > 0) process.exitCode = 1;
  } finally {
    for (const app of apps) await app.close();
    await database.destroy();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('Winc delivery benchmark');
console.log(`  cpu    ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
console.log(`  node   ${process.version} (${os.platform()} ${os.arch()})`);
console.log(
  `  runs   ${number(cardCount)} cards mailed for the same minute, two instances, one PostgreSQL\n`,
);
await onPostgres(benchPostgres);
