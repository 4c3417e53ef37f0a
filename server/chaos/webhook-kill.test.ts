import { afterAll, beforeAll, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../../shared/accounts/accounts.contract.ts';
import { paidOfferOf } from '../../shared/payments/plans.ts';
import { describeEachDatabase } from '../testing/databases.ts';
import { freePort } from '../testing/postgres.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import {
  completedSession,
  signedWebhook,
  startStripeServer,
  stripeEvent,
  type StripeServer,
} from '../testing/stripe-server.ts';
import {
  ledgerOf,
  runConcurrently,
  signUpOverHttp,
  untilAnswered,
  type HttpSender,
} from './chaos-fixture.ts';
import { paymentsApi } from '../../shared/api-paths.ts';

const SECRET_KEY = 'sk_test_winchaossecret';
const WEBHOOK_SECRET = 'whsec_winchaossigning';
const SENDERS = 2;
const ORDERS_PER_SENDER = 10;
const KILL_AFTER_ANSWERS = 20;

describeEachDatabase('kill -9 during Stripe webhook grants, then a restart', (use) => {
  let stripe: StripeServer;
  let server: ServerProcess | undefined;
  let port: number;
  const start = async () => {
    server = await startServerProcess({
      port,
      dataDir: use().dataDir,
      databaseUrl: use().databaseUrl,
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly_chaos',
        STRIPE_PRICE_PREMIUM_MONTHLY: 'price_premium_monthly_chaos',
        STRIPE_PRICE_PLUS_BULK: 'price_plus_bulk_chaos',
        STRIPE_PRICE_PREMIUM_BULK: 'price_premium_bulk_chaos',
      },
    });
    return server;
  };

  beforeAll(async () => {
    stripe = await startStripeServer({ secretKey: SECRET_KEY });
    port = await freePort();
    await start();
  });
  afterAll(async () => {
    await server?.kill9();
    await stripe?.close();
  });

  /** Opens a Stripe checkout over HTTP; answers the order and the session Stripe made for it. */
  async function openCheckout(sender: HttpSender) {
    const before = stripe.requests.length;
    const response = await sender.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const request = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions');
    const params = request!.params as { client_reference_id: string; metadata: Record<string, string> };
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    return {
      orderId: params.client_reference_id,
      sessionId: session.id as string,
      metadata: params.metadata,
    };
  }

  function deliver(delivery: { payload: string; headers: Record<string, string> }) {
    return fetch(`${server!.baseUrl}${paymentsApi.stripeWebhook}`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.payload,
      signal: AbortSignal.timeout(20_000),
    });
  }

  it('grants each paid order exactly once, whatever was cut and redelivered', async () => {
    const baseUrl = () => server!.baseUrl;
    const senders: HttpSender[] = [];
    for (let i = 0; i < SENDERS; i++) senders.push(await signUpOverHttp(baseUrl, use()));
    const orders: {
      sender: HttpSender;
      orderId: string;
      sessionId: string;
      metadata: Record<string, string>;
    }[] = [];
    for (const sender of senders) {
      for (let i = 0; i < ORDERS_PER_SENDER; i++) orders.push({ sender, ...(await openCheckout(sender)) });
    }

    // Per order: its event, the same event again (Stripe redelivers), and a second event for the same session.
    const deliveries = orders.flatMap(({ sessionId, metadata }) => {
      const session = completedSession({ id: sessionId, mode: 'payment', metadata });
      const event = stripeEvent('checkout.session.completed', session);
      const other = stripeEvent('checkout.session.completed', session);
      return [event, event, other].map((e) => signedWebhook(e, { secret: WEBHOOK_SECRET }));
    });
    let answered = 0;
    let killed = false;
    const victim = server!;
    const results = await runConcurrently(
      deliveries.map((delivery) => async () => {
        const response = await deliver(delivery);
        await response.arrayBuffer();
        answered += 1;
        if (answered >= KILL_AFTER_ANSWERS && !killed) {
          killed = true;
          await victim.kill9();
        }
        return response.status;
      }),
      16,
    );
    expect(killed).toBe(true);
    expect(victim.exitStatus()?.signal).toBe('SIGKILL');
    const answers = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const cut = results.filter((r) => r.status === 'rejected').length;
    expect(answers).toEqual(answers.map(() => 200));
    expect(cut).toBeGreaterThan(0);

    const atKill = await Promise.all(senders.map((sender) => ledgerOf(use(), sender.userId)));
    for (const ledger of atKill) expect(ledger.credits).toBe(ledger.ledgerSum);
    const grantedAtKill = atKill.flatMap((l) => l.rows).filter((row) => row.reason === 'purchase').length;

    await start();
    // Stripe redelivers every event it has no 2xx for; here all of them, each until it is answered.
    const redeliveries = await runConcurrently(
      deliveries.map((delivery) => async () => (await untilAnswered(() => deliver(delivery))).status),
      8,
    );
    expect(redeliveries.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(
      deliveries.map(() => 200),
    );

    const pack = paidOfferOf('plus', 'bulk')!.creditsToAdd;
    for (const sender of senders) {
      const ledger = await ledgerOf(use(), sender.userId);
      expect(ledger.credits).toBe(ledger.ledgerSum);
      const purchases = ledger.rows.filter((row) => row.reason === 'purchase');
      const mine = orders.filter((order) => order.sender === sender).map((order) => order.orderId);
      expect(purchases.map((row) => row.reference).sort()).toEqual([...mine].sort());
      expect(purchases.every((row) => row.delta === pack)).toBe(true);
      expect(ledger.credits).toBe(NEW_USER_CREDITS + ORDERS_PER_SENDER * pack);
    }
    const stored = await use()
      .database.db.selectFrom('paymentOrders')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        orders.map((order) => order.orderId),
      )
      .execute();
    expect(stored.map((order) => order.status)).toEqual(orders.map(() => 'completed'));
    console.info(
      `[chaos] webhooks (${use().dialect}): ${deliveries.length} deliveries, ${answers.length} answered ` +
        `before kill -9, ${cut} cut, ${grantedAtKill} orders granted at the kill; after redelivery ` +
        `${orders.length}/${orders.length} granted once each`,
    );
  });
});
