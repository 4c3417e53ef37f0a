import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { deliveryLogSchema, type DeliveryLog } from '../../../shared/delivery/delivery.contract.ts';
import { TEST_ORIGIN, TestBrowser, pathOf, setTier, uniqueEmail } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createJobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardsApi, deliveryApi } from '../../../shared/api-paths.ts';

const MINUTE = 60 * 1000;

/**
 * Delivery by email (DESIGN §1.22) through a real SMTP server: one mail per delivery in the card's language
 * with its preview inline, a plain-text part and a one-click unsubscribe; exactly once with two instances
 * polling the jobs and when a claim is taken again after its instance died; 4xx retried, 5xx bounced with
 * the server's reason, both in the owner's log; addresses that are not one mailbox refused.
 */
describeEachDatabase('delivery by email', (use) => {
  let app: FastifyInstance;
  let second: FastifyInstance | undefined;
  let sink: SmtpSink;
  let clock = new Date('2027-03-01T09:00:00Z');
  const now = () => clock;
  const bounced = uniqueEmail('gone');
  const busy = uniqueEmail('busy');
  let busyAnswers = 0;
  const alwaysBusy = uniqueEmail('always-busy');

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuses: (address) => address === bounced,
      answers: (address) => {
        if (address === alwaysBusy) return { code: 452, message: '4.2.2 Mailbox full' };
        if (address !== busy || busyAnswers >= 1) return null;
        busyAnswers += 1;
        return { code: 451, message: '4.2.1 Mailbox busy, try later' };
      },
    });
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    const env = { PUBLIC_ORIGIN: TEST_ORIGIN, SMTP_URL: sink.url };
    ({ app } = await buildTestApp(use(), { env, now, jobsPollMs: 50 }));
    // Another instance on the same database, polling the same jobs (PostgreSQL: what several instances share).
    if (use().dialect === 'postgres')
      ({ app: second } = await buildTestApp(use(), { env, now, jobsPollMs: 50 }));
    await app.ready();
    await second?.ready();
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    await sink?.stop();
  });

  const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address));

  /** Waits for the mail, then a while longer: a second copy would have arrived by then. */
  async function onlyMail(address: string): Promise<ReceivedMail> {
    const mail = await sink.waitFor((m) => m.to.includes(address), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailsTo(address)).toHaveLength(1);
    return mail;
  }

  async function signedUpSender(tier?: string): Promise<TestBrowser> {
    const email = uniqueEmail('sender');
    const browser = new TestBrowser(app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Sender',
      email,
      password: 'correct horse battery',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    const link = /https?:\/\/[^\s)>\]]+/.exec(mail.text)![0];
    expect((await browser.get(pathOf(link))).statusCode).toBe(302);
    if (tier) await setTier(use(), email, tier);
    return browser;
  }

  async function paidCard(language: 'en' | 'ar' | 'ru' = 'en'): Promise<{ sender: TestBrowser; card: Card }> {
    // A card in another language than the app's comes with a plan.
    const sender = await signedUpSender(language === 'en' ? undefined : 'premium_monthly');
    const created = await sender.post(cardsApi.create, { ...cardDraft, language });
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    expect((await sender.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    return { sender, card };
  }

  async function logOf(sender: TestBrowser, cardId: string): Promise<DeliveryLog> {
    const response = await sender.get(deliveryApi.card(cardId));
    expect(response.statusCode, response.body).toBe(200);
    return deliveryLogSchema.parse(response.json());
  }

  const kindsOf = (log: DeliveryLog, address: string) =>
    log.deliveries.find((d) => d.address === address)!.events.map((event) => event.kind);

  /** Runs what is due on every instance at once, until the log of `address` reaches one of `states`. */
  async function until(sender: TestBrowser, cardId: string, address: string, states: string[]) {
    for (let i = 0; i < 100; i++) {
      const delivery = (await logOf(sender, cardId)).deliveries.find((d) => d.address === address);
      if (delivery && states.includes(delivery.state)) return delivery;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the delivery to ${address} never reached ${states.join(' or ')}`);
  }

  it("mails the card once, in the card's language, its preview inline, with a way to stop such mails", async () => {
    const { sender, card } = await paidCard('ar');
    const address = uniqueEmail('recipient');
    const response = await sender.post(deliveryApi.card(card.id), { address });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await onlyMail(address);
    expect(mail.subject).toBe(`أرسل لك ${cardDraft.senderName} بطاقة WINC`);
    expect(mail.text).toContain(`${TEST_ORIGIN}/c/${card.id}`);
    expect(mail.html).toContain('dir="rtl"');
    const cid = /src="cid:([^"]+)"/.exec(mail.html)?.[1];
    expect(cid).toBeTruthy();
    const image = mail.images.find((part) => part.contentId === cid);
    expect(image?.contentType).toBe('image/jpeg');
    expect(image?.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(mail.headers.get('list-unsubscribe')).toMatch(/\/api\/deliveries\/unsubscribe\//);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('message-id')).toMatch(/^<[0-9a-f-]+@localhost>$/);

    const delivery = await until(sender, card.id, address, ['sent']);
    expect(delivery.events.map((e) => e.kind)).toEqual(['scheduled', 'sent']);
    expect(delivery.events[1]!.unconfirmed).toBe(false);
    // The same address again: one delivery per card and address, never a second mail.
    await sender.post(deliveryApi.card(card.id), { address: address.toUpperCase() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(address)).toHaveLength(1);

    // The recipient opens the link: the log says so.
    const recipient = new TestBrowser(app);
    expect((await recipient.get(cardsApi.publicCard(card.id))).statusCode).toBe(200);
    expect(kindsOf(await logOf(sender, card.id), address)).toEqual(['scheduled', 'sent', 'opened']);

    // One click (RFC 8058) stops every card Winc would mail to that address.
    const unsubscribe = new URL(mail.headers.get('list-unsubscribe')!.replace(/^<|>$/g, '')).pathname;
    const stopped = await app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    const other = await paidCard();
    const refused = await other.sender.post(deliveryApi.card(other.card.id), { address });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'delivery-address-unsubscribed' });
  });

  it('refuses what is not one mailbox: header injection, a list, a name; and a stranger sees no log', async () => {
    const { sender, card } = await paidCard();
    for (const address of [
      'victim@example.com\r\nBcc: everyone@example.com',
      'victim@example.com\nSubject: hi',
      'a@example.com, b@example.com',
      'a@example.com;b@example.com',
      'Alex <alex@example.com>',
      'not-an-address',
    ]) {
      const response = await sender.post(deliveryApi.card(card.id), { address });
      expect(response.statusCode, address).toBe(400);
      expect(response.json()).toMatchObject({ code: 'delivery-address-invalid' });
    }
    expect((await logOf(sender, card.id)).deliveries).toEqual([]);
    const stranger = await signedUpSender();
    const guess = await stranger.get(deliveryApi.card(card.id));
    expect(guess.statusCode).toBe(404);
    expect(guess.json()).toMatchObject({ code: 'card-not-found' });
    const send = await stranger.post(deliveryApi.card(card.id), { address: uniqueEmail('x') });
    expect(send.statusCode).toBe(404);
  });

  it("bounces on the server's 5xx with its reason, and retries a 4xx until it is sent", async () => {
    const { sender, card } = await paidCard();
    await sender.post(deliveryApi.card(card.id), { address: bounced });
    const bounce = await until(sender, card.id, bounced, ['bounced']);
    expect(bounce.events.at(-1)).toMatchObject({ kind: 'bounced', reason: expect.stringMatching(/550/) });
    expect(mailsTo(bounced)).toHaveLength(0);

    await sender.post(deliveryApi.card(card.id), { address: busy });
    const retrying = await until(sender, card.id, busy, ['retrying']);
    expect(retrying.events.at(-1)).toMatchObject({
      kind: 'retrying',
      reason: expect.stringMatching(/451 4\.2\.1 Mailbox busy/),
    });
    // A minute later (the jobs' first back-off), the next attempt goes through.
    clock = new Date(clock.getTime() + 2 * MINUTE);
    await until(sender, card.id, busy, ['sent']);
    await onlyMail(busy);
  });

  it('sends each of many deliveries exactly once with every instance draining at once', async () => {
    const { sender, card } = await paidCard();
    const later = new Date(clock.getTime() + 10 * MINUTE);
    const addresses = Array.from({ length: 12 }, (_, i) => uniqueEmail(`many-${i}`));
    for (const address of addresses)
      await sender.post(deliveryApi.card(card.id), { address, at: later.toISOString() });
    expect(sink.mails.filter((m) => addresses.some((a) => m.to.includes(a)))).toHaveLength(0);
    clock = new Date(later.getTime() + MINUTE);
    for (const address of addresses) await until(sender, card.id, address, ['sent']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const address of addresses) expect(mailsTo(address), address).toHaveLength(1);
  });

  it('sends once when a claim is taken again after its instance died before sending', async () => {
    const { sender, card } = await paidCard();
    const address = uniqueEmail('orphan');
    const later = new Date(clock.getTime() + 10 * MINUTE);
    await sender.post(deliveryApi.card(card.id), { address, at: later.toISOString() });
    // An instance whose clock is already past the mail's time claims the job and is killed before it sends
    // anything; the running instances' clock is not there yet, so the claim is surely the dead one's.
    const claimAt = new Date(later.getTime() + 1);
    const dead = createJobsRepository(use().database);
    let claimed = await dead.claimDue(claimAt, 5 * MINUTE);
    while (claimed && !claimed.key.includes('card-delivery'))
      claimed = await dead.claimDue(claimAt, 5 * MINUTE);
    expect(claimed).toBeTruthy();
    clock = claimAt;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(address)).toHaveLength(0);
    clock = new Date(clock.getTime() + 6 * MINUTE);
    await until(sender, card.id, address, ['sent']);
    await onlyMail(address);
  });

  it('never mails again a delivery whose sender died while the server took its body', async () => {
    const { sender, card } = await paidCard();
    const address = uniqueEmail('window');
    const later = new Date(clock.getTime() + 10 * MINUTE);
    await sender.post(deliveryApi.card(card.id), { address, at: later.toISOString() });
    clock = new Date(later.getTime() + 1);
    // What a kill -9 after DATA leaves: the job claimed, the delivery `sending` with our Message-ID.
    const dead = createJobsRepository(use().database);
    let claimed = await dead.claimDue(clock, 5 * MINUTE);
    while (claimed && !claimed.key.includes('card-delivery'))
      claimed = await dead.claimDue(clock, 5 * MINUTE);
    const deliveryId = (claimed!.payload as { deliveryId: string }).deliveryId;
    await use()
      .database.db.updateTable('deliveries')
      .set({ status: 'sending', messageId: '<dead@localhost>' })
      .where('id', '=', deliveryId)
      .execute();
    clock = new Date(clock.getTime() + 6 * MINUTE);
    const delivery = await until(sender, card.id, address, ['sent']);
    expect(delivery.events.at(-1)).toMatchObject({ kind: 'sent', unconfirmed: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailsTo(address)).toHaveLength(0);
  });

  it('bounces after a day of temporary refusals, the give-up told by the log, not in the reason', async () => {
    const { sender, card } = await paidCard();
    await sender.post(deliveryApi.card(card.id), { address: alwaysBusy });
    await until(sender, card.id, alwaysBusy, ['retrying']);
    // Each back-off (1 min … 12 h) is over at once when the clock moves half a day.
    for (let i = 0; i < 40; i++) {
      const delivery = (await logOf(sender, card.id)).deliveries.find((d) => d.address === alwaysBusy)!;
      if (delivery.state === 'bounced') break;
      clock = new Date(clock.getTime() + 13 * 60 * MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const bounce = await until(sender, card.id, alwaysBusy, ['bounced']);
    // The server's words only: the client says "gave up after 24 h" in the reader's language.
    expect(bounce.events.at(-1)).toMatchObject({
      kind: 'bounced',
      gaveUp: true,
      reason: '452 4.2.2 Mailbox full',
    });
    expect(mailsTo(alwaysBusy)).toHaveLength(0);
  });
});
