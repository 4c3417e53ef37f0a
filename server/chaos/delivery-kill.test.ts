import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema } from '../../shared/cards/cards.contract.ts';
import { deliveryLogSchema, type Delivery } from '../../shared/delivery/delivery.contract.ts';
import { cardsApi, deliveryApi } from '../../shared/api-paths.ts';
import { uniqueEmail } from '../testing/accounts-fixture.ts';
import { cardDraft } from '../testing/card-fixture.ts';
import { describeEachDatabase } from '../testing/databases.ts';
import { freePort } from '../testing/postgres.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { seedFixtureCatalog, signUpOverHttp, type HttpSender } from './chaos-fixture.ts';

/**
 * A mailed card goes exactly once across a kill -9 (DESIGN §1.22): the server process dies at a failpoint
 * (server/platform/failpoints.ts) — after claiming the delivery's job but before sending, or after the SMTP
 * server accepted the mail but before it was recorded — and is started again on the same data once the dead
 * claim's lease has run out.
 */
describeEachDatabase('kill -9 while a card is being mailed, then a restart', (use) => {
  let server: ServerProcess | undefined;
  let sink: SmtpSink;
  let port: number;
  let sender: HttpSender;
  const start = async (env: Record<string, string> = {}) => {
    server = await startServerProcess({
      port,
      dataDir: use().dataDir,
      databaseUrl: use().databaseUrl,
      env: { PAYMENTS_TEST_MODE: 'on', ...env },
    });
    return server;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    await seedFixtureCatalog(use());
    port = await freePort();
    // Signed up on a server without SMTP: the verification link is read from the outbox.
    await start();
    sender = await signUpOverHttp(() => server!.baseUrl, use());
    await server!.stop();
  });
  afterAll(async () => {
    await server?.kill9();
    await sink?.stop();
  });

  async function paidCard(): Promise<string> {
    const created = await sender.post(cardsApi.create, cardDraft);
    expect(created.status, await created.clone().text()).toBe(201);
    const card = cardSchema.parse(await created.json());
    expect((await sender.post(cardsApi.unlock(card.id))).status).toBe(200);
    return card.id;
  }

  async function deliveryOf(cardId: string, address: string): Promise<Delivery | undefined> {
    const response = await fetch(`${server!.baseUrl}${deliveryApi.card(cardId)}`, {
      headers: { cookie: sender.cookie },
    });
    expect(response.status).toBe(200);
    return deliveryLogSchema.parse(await response.json()).deliveries.find((d) => d.address === address);
  }

  async function untilExited(victim: ServerProcess) {
    for (let i = 0; i < 200 && !victim.exitStatus(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(victim.exitStatus()?.signal).toBe('SIGKILL');
  }

  /** What a restart finds once the dead instance's lease has run out (as five minutes later). */
  async function leasesRunOut() {
    const { db, codec } = use().database;
    await db
      .updateTable('jobs')
      .set({ leaseUntil: codec.date(new Date(Date.now() - 1000)) })
      .where('status', '=', 'pending')
      .where('leaseUntil', 'is not', null)
      .execute();
  }

  async function untilState(cardId: string, address: string, state: string): Promise<Delivery> {
    for (let i = 0; i < 200; i++) {
      const delivery = await deliveryOf(cardId, address);
      if (delivery?.state === state) return delivery;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the delivery never reached ${state}:\n${server!.output()}`);
  }

  /**
   * Mails the card now. The job starts as soon as the delivery committed, so the process may die before it
   * answers: a cut answer is expected, any answer must be the delivery's.
   */
  async function scheduleNow(cardId: string, address: string) {
    const response = await sender.post(deliveryApi.card(cardId), { address }).catch(() => null);
    if (response) expect(response.status).toBe(201);
  }

  const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address));

  it('mails it once after a kill -9 between claiming the job and sending', async () => {
    const victim = await start({ SMTP_URL: sink.url, WINC_FAILPOINTS: 'delivery:before-send=kill' });
    const cardId = await paidCard();
    const address = uniqueEmail('claimed');
    await scheduleNow(cardId, address);
    await untilExited(victim);
    expect(mailsTo(address)).toHaveLength(0);

    await leasesRunOut();
    await start({ SMTP_URL: sink.url });
    const delivery = await untilState(cardId, address, 'sent');
    expect(delivery.events.at(-1)).toMatchObject({ kind: 'sent', unconfirmed: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(address)).toHaveLength(1);
    await server!.stop();
  });

  it('never mails it again after a kill -9 between SMTP acceptance and recording it', async () => {
    const victim = await start({ SMTP_URL: sink.url, WINC_FAILPOINTS: 'delivery:after-smtp-accept=kill' });
    const cardId = await paidCard();
    const address = uniqueEmail('accepted');
    await scheduleNow(cardId, address);
    await untilExited(victim);
    // The server has it: the instance died before it could record the server's answer.
    expect(mailsTo(address)).toHaveLength(1);

    await leasesRunOut();
    await start({ SMTP_URL: sink.url });
    const delivery = await untilState(cardId, address, 'sent');
    expect(delivery.events.at(-1)).toMatchObject({ kind: 'sent', unconfirmed: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(address)).toHaveLength(1);
    await server!.stop();
  });
});
