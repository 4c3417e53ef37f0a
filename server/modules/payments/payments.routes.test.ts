import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_USER_CREDITS } from '../../../shared/accounts/accounts.contract.ts';
import { paidOfferOf, testCheckoutPagePath } from '../../../shared/payments/plans.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findUserByEmail,
  signUpAndVerify,
} from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import {
  completedSession,
  endedSubscription,
  decodeStripeForm,
  paidInvoice,
  signedWebhook,
  startStripeServer,
  stripeEvent,
  type StripeServer,
} from '../../testing/stripe-server.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { paymentsApi } from '../../../shared/api-paths.ts';
import {
  CREDIT_HISTORY_LIMIT,
  completeTestCheckoutResponseSchema,
  createCheckoutResponseSchema,
  creditHistoryResponseSchema,
  testCheckoutOrderSchema,
} from '../../../shared/payments/payments.contract.ts';

const SECRET_KEY = 'sk_test_winclocalsecret';
const WEBHOOK_SECRET = 'whsec_winclocalsigning';
const PRICES = {
  STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly_test',
  STRIPE_PRICE_PREMIUM_MONTHLY: 'price_premium_monthly_test',
  STRIPE_PRICE_PLUS_BULK: 'price_plus_bulk_test',
  STRIPE_PRICE_PREMIUM_BULK: 'price_premium_bulk_test',
};

const PLUS_BULK = paidOfferOf('plus', 'bulk')!.creditsToAdd;
const PLUS_MONTHLY = paidOfferOf('plus', 'monthly')!.creditsToAdd;

describe('the Stripe-shaped test server', () => {
  it('decodes Stripe form bodies into nested objects and arrays', () => {
    expect(
      decodeStripeForm(
        'mode=payment&line_items[0][price]=price_a&line_items[0][quantity]=1&metadata[orderId]=o1' +
          '&subscription_data[metadata][userId]=u1',
      ),
    ).toEqual({
      mode: 'payment',
      line_items: [{ price: 'price_a', quantity: '1' }],
      metadata: { orderId: 'o1' },
      subscription_data: { metadata: { userId: 'u1' } },
    });
  });
});

describeEachDatabase('payments', (use) => {
  let stripe: StripeServer;
  /** The app with Stripe configured (against the local Stripe-shaped server). */
  let stripeApp: FastifyInstance;
  /** The same database without Stripe: the built-in test-mode checkout. */
  let testModeApp: FastifyInstance;

  beforeAll(async () => {
    stripe = await startStripeServer({ secretKey: SECRET_KEY });
    ({ app: stripeApp } = await buildTestApp(use(), {
      env: {
        PUBLIC_ORIGIN: TEST_ORIGIN,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        ...PRICES,
      },
    }));
    ({ app: testModeApp } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(async () => {
    await stripeApp?.close();
    await testModeApp?.close();
    await stripe?.close();
  });

  async function account(email: string) {
    const user = await findUserByEmail(use(), email);
    const purchases = await use()
      .database.db.selectFrom('creditLedger')
      .select(['delta', 'balanceAfter', 'reason', 'reference'])
      .where('userId', '=', user!.id)
      .where('reason', '=', 'purchase')
      .execute();
    return { id: user!.id, credits: user!.credits, tier: user!.tier, purchases };
  }

  async function order(id: string) {
    return use()
      .database.db.selectFrom('paymentOrders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Opens a Stripe checkout and answers the session the local Stripe server created for it. */
  async function openStripeCheckout(browser: TestBrowser, planId: string, billingCycle: string) {
    const before = stripe.requests.length;
    const response = await browser.post(paymentsApi.checkout, { planId, billingCycle });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = createCheckoutResponseSchema.parse(response.json());
    const request = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions');
    expect(request).toBeDefined();
    const params = request!.params as {
      mode: string;
      line_items: { price: string; quantity: string }[];
      client_reference_id: string;
      metadata: Record<string, string>;
      subscription_data?: { metadata: Record<string, string> };
      success_url: string;
      cancel_url: string;
    };
    const session = [...stripe.sessions.values()].find((s) => s.url === url);
    expect(session).toBeDefined();
    return { url, params, sessionId: session!.id as string, orderId: params.client_reference_id };
  }

  /** Delivers a webhook the way Stripe does: no Origin, no cookies, a signature over the raw body. */
  function deliver(delivery: { payload: string; headers: Record<string, string> }) {
    return stripeApp.inject({
      method: 'POST',
      url: paymentsApi.stripeWebhook,
      payload: delivery.payload,
      headers: delivery.headers,
    });
  }
  const signed = (event: Record<string, unknown>, timestamp?: number) =>
    signedWebhook(event, { secret: WEBHOOK_SECRET, ...(timestamp === undefined ? {} : { timestamp }) });

  describe('options and opening a checkout', () => {
    it('offers Stripe (with Apple Pay) only when configured, test mode otherwise', async () => {
      expect((await stripeApp.inject({ url: paymentsApi.options })).json()).toEqual({
        provider: 'stripe',
        applePay: true,
      });
      expect((await testModeApp.inject({ url: paymentsApi.options })).json()).toEqual({
        provider: 'test-mode',
        applePay: false,
      });
    });

    it('asks a signed-out visitor to sign in, refuses the free plan, and refuses other sites', async () => {
      const guest = new TestBrowser(stripeApp);
      const signedOut = await guest.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
      expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'unauthenticated']);

      const { browser } = await signUpAndVerify(stripeApp, use());
      for (const body of [
        { planId: 'free', billingCycle: 'monthly' },
        { planId: 'plus', billingCycle: 'yearly' },
        { planId: 'plus', billingCycle: 'bulk', credits: 99999 },
      ]) {
        const refused = await browser.post(paymentsApi.checkout, body);
        expect([refused.statusCode, refused.json().code]).toEqual([400, 'validation-failed']);
      }
      const crossSite = await browser.post(
        paymentsApi.checkout,
        { planId: 'plus', billingCycle: 'bulk' },
        { origin: 'https://evil.example' },
      );
      expect([crossSite.statusCode, crossSite.json().code]).toEqual([403, 'forbidden-origin']);
    });

    it('opens a monthly plan as a subscription session at its price, with the order in its metadata', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { id: userId } = await account(email);
      const { url, params, sessionId, orderId } = await openStripeCheckout(browser, 'premium', 'monthly');

      expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
      const metadata = { orderId, userId, planId: 'premium', billingCycle: 'monthly' };
      expect(params).toEqual({
        mode: 'subscription',
        line_items: [{ price: PRICES.STRIPE_PRICE_PREMIUM_MONTHLY, quantity: '1' }],
        client_reference_id: orderId,
        metadata,
        subscription_data: { metadata },
        success_url: `${TEST_ORIGIN}/pricing?success=true`,
        cancel_url: `${TEST_ORIGIN}/pricing`,
      });
      expect(orderId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(await order(orderId)).toMatchObject({
        userId,
        planId: 'premium',
        billingCycle: 'monthly',
        provider: 'stripe',
        providerSessionId: sessionId,
        status: 'open',
        completedAt: null,
      });
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
    });

    it('opens a bulk pack as a one-time payment session at its price', async () => {
      const { browser } = await signUpAndVerify(stripeApp, use());
      const { params } = await openStripeCheckout(browser, 'plus', 'bulk');
      expect(params.mode).toBe('payment');
      expect(params.line_items).toEqual([{ price: PRICES.STRIPE_PRICE_PLUS_BULK, quantity: '1' }]);
      expect(params.subscription_data).toBeUndefined();
      expect(params.metadata).toMatchObject({ planId: 'plus', billingCycle: 'bulk' });
    });

    it('answers service-unavailable when Stripe keeps failing', async () => {
      const { browser } = await signUpAndVerify(stripeApp, use());
      stripe.failNext(3); // the SDK retries twice
      const response = await browser.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
      expect([response.statusCode, response.json().code]).toEqual([503, 'service-unavailable']);
    });

    it('grants nothing for coming back to the success URL', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      await openStripeCheckout(browser, 'plus', 'bulk');
      await browser.get('/pricing?success=true');
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
    });
  });

  describe('the Stripe webhook', () => {
    it('grants a paid bulk pack once: credits, tier and one ledger row, whatever is replayed', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { params, sessionId, orderId } = await openStripeCheckout(browser, 'plus', 'bulk');
      const completed = stripeEvent(
        'checkout.session.completed',
        completedSession({ id: sessionId, mode: 'payment', metadata: params.metadata }),
      );

      // No Origin header, like Stripe: the origin check lets it through, the signature authenticates it.
      const first = await deliver(signed(completed));
      expect([first.statusCode, first.json()]).toEqual([200, { received: true }]);
      const after = await account(email);
      expect(after).toMatchObject({ credits: NEW_USER_CREDITS + PLUS_BULK, tier: 'plus_bulk' });
      expect(after.purchases).toEqual([
        {
          delta: PLUS_BULK,
          balanceAfter: NEW_USER_CREDITS + PLUS_BULK,
          reason: 'purchase',
          reference: orderId,
        },
      ]);
      expect(await order(orderId)).toMatchObject({ status: 'completed', providerSessionId: sessionId });
      expect((await order(orderId)).completedAt).not.toBeNull();

      // The same event again, and the same session in another event: nothing more.
      expect((await deliver(signed(completed))).statusCode).toBe(200);
      const again = stripeEvent(
        'checkout.session.completed',
        completedSession({ id: sessionId, mode: 'payment', metadata: params.metadata }),
      );
      expect((await deliver(signed(again))).statusCode).toBe(200);
      expect(await account(email)).toEqual(after);
    });

    it('refuses a tampered body, a stale or missing signature and a wrong secret, changing nothing', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { params, sessionId } = await openStripeCheckout(browser, 'premium', 'bulk');
      const event = stripeEvent(
        'checkout.session.completed',
        completedSession({ id: sessionId, mode: 'payment', metadata: params.metadata }),
      );

      const genuine = signed(event);
      const tampered = { ...genuine, payload: genuine.payload.replace('"premium"', '"plus"') };
      expect(tampered.payload).not.toBe(genuine.payload);
      const stale = signed(event, Math.floor(Date.now() / 1000) - 6 * 60);
      const wrongSecret = signedWebhook(event, { secret: 'whsec_someoneelse' });
      const unsigned = { payload: genuine.payload, headers: { 'content-type': 'application/json' } };
      const garbage = { ...genuine, headers: { ...genuine.headers, 'stripe-signature': 'nonsense' } };

      for (const delivery of [tampered, stale, wrongSecret, unsigned, garbage]) {
        const response = await deliver(delivery);
        expect([response.statusCode, response.json().code]).toEqual([400, 'validation-failed']);
      }
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
      const recorded = await use()
        .database.db.selectFrom('paymentEvents')
        .select('id')
        .where('id', '=', event.id as string)
        .execute();
      expect(recorded).toEqual([]);

      // Within the 5-minute tolerance the same event is accepted.
      const recent = await deliver(signed(event, Math.floor(Date.now() / 1000) - 4 * 60));
      expect(recent.statusCode).toBe(200);
      expect((await account(email)).tier).toBe('premium_bulk');
    });

    it('grants a monthly plan per paid invoice, even when the invoice arrives before the session', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const bystander = await signUpAndVerify(stripeApp, use());
      const { params, sessionId, orderId } = await openStripeCheckout(browser, 'plus', 'monthly');
      const subscription = 'sub_test_monthly_1';
      const metadata = params.subscription_data!.metadata;

      const firstInvoice = paidInvoice({ subscription, metadata, billingReason: 'subscription_create' });
      const invoiceFirst = await deliver(signed(stripeEvent('invoice.paid', firstInvoice)));
      expect(invoiceFirst.statusCode).toBe(200);
      const afterFirst = await account(email);
      expect(afterFirst).toMatchObject({ credits: NEW_USER_CREDITS + PLUS_MONTHLY, tier: 'plus_monthly' });
      expect(afterFirst.purchases).toHaveLength(1);

      // The session completes afterwards: it ties the subscription to the order and grants nothing.
      const completed = stripeEvent(
        'checkout.session.completed',
        completedSession({ id: sessionId, mode: 'subscription', metadata: params.metadata, subscription }),
      );
      expect((await deliver(signed(completed))).statusCode).toBe(200);
      // The first invoice redelivered under another event id: nothing either.
      expect((await deliver(signed(stripeEvent('invoice.paid', firstInvoice)))).statusCode).toBe(200);
      expect(await account(email)).toEqual(afterFirst);
      expect(await order(orderId)).toMatchObject({ subscriptionId: subscription, status: 'completed' });

      // Next month, in the older API shape (subscription and metadata at the invoice's top level).
      const secondInvoice = paidInvoice({ subscription, metadata, shape: 'legacy' });
      expect((await deliver(signed(stripeEvent('invoice.paid', secondInvoice)))).statusCode).toBe(200);
      const afterSecond = await account(email);
      expect(afterSecond).toMatchObject({
        credits: NEW_USER_CREDITS + 2 * PLUS_MONTHLY,
        tier: 'plus_monthly',
      });
      expect(afterSecond.purchases.map((row) => row.delta)).toEqual([PLUS_MONTHLY, PLUS_MONTHLY]);

      // A renewal found by its subscription alone (no metadata) still reaches this order's user.
      const third = paidInvoice({ subscription, metadata: {} });
      expect((await deliver(signed(stripeEvent('invoice.paid', third)))).statusCode).toBe(200);
      expect((await account(email)).credits).toBe(NEW_USER_CREDITS + 3 * PLUS_MONTHLY);
      expect(await account(bystander.email)).toMatchObject({
        credits: NEW_USER_CREDITS,
        tier: 'free',
        purchases: [],
      });

      // Proration and manual invoices are not a paid period.
      const proration = paidInvoice({ subscription, metadata, billingReason: 'subscription_update' });
      expect((await deliver(signed(stripeEvent('invoice.paid', proration)))).statusCode).toBe(200);
      expect((await account(email)).credits).toBe(NEW_USER_CREDITS + 3 * PLUS_MONTHLY);
    });

    it('puts the tier back to free when the monthly plan ends, keeping the credits; a pack bought since stays', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { params } = await openStripeCheckout(browser, 'premium', 'monthly');
      const subscription = 'sub_test_ending_1';
      const metadata = params.subscription_data!.metadata;
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({ subscription, metadata, billingReason: 'subscription_create' }),
          ),
        ),
      );
      const paid = await account(email);
      expect(paid.tier).toBe('premium_monthly');

      const ended = stripeEvent(
        'customer.subscription.deleted',
        endedSubscription({ id: subscription, metadata }),
      );
      expect((await deliver(signed(ended))).statusCode).toBe(200);
      expect(await account(email)).toMatchObject({ tier: 'free', credits: paid.credits });
      // Replayed: nothing more. And once the monthly plan is gone it can be bought again.
      expect((await deliver(signed(ended))).statusCode).toBe(200);
      expect((await account(email)).tier).toBe('free');

      // A second subscription that ends after a pack was bought leaves the pack's tier alone.
      const { params: again } = await openStripeCheckout(browser, 'plus', 'monthly');
      const second = 'sub_test_ending_2';
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({
              subscription: second,
              metadata: again.subscription_data!.metadata,
              billingReason: 'subscription_create',
            }),
          ),
        ),
      );
      await use()
        .database.db.updateTable('users')
        .set({ tier: 'premium_bulk' })
        .where('email', '=', email)
        .execute();
      const lateEnd = stripeEvent(
        'customer.subscription.deleted',
        endedSubscription({ id: second, metadata: {} }),
      );
      expect((await deliver(signed(lateEnd))).statusCode).toBe(200);
      expect((await account(email)).tier).toBe('premium_bulk');
    });

    it('switches plans: a new monthly plan, once paid, cancels the one before, whose end keeps the new tier', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const first = await openStripeCheckout(browser, 'plus', 'monthly');
      const firstSubscription = 'sub_test_switch_plus';
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({
              subscription: firstSubscription,
              metadata: first.params.subscription_data!.metadata,
              billingReason: 'subscription_create',
            }),
          ),
        ),
      );
      const cancellations = () =>
        stripe.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/'));
      const before = cancellations().length;

      const second = await openStripeCheckout(browser, 'premium', 'monthly');
      const secondMetadata = second.params.subscription_data!.metadata;
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({
              subscription: 'sub_test_switch_premium',
              metadata: secondMetadata,
              billingReason: 'subscription_create',
            }),
          ),
        ),
      );
      expect(
        cancellations()
          .slice(before)
          .map((r) => r.path),
      ).toEqual([`/v1/subscriptions/${firstSubscription}`]);
      expect((await account(email)).tier).toBe('premium_monthly');

      // Stripe then reports the old plan's end: the member keeps Premium.
      const oldEnd = stripeEvent(
        'customer.subscription.deleted',
        endedSubscription({ id: firstSubscription, metadata: first.params.subscription_data!.metadata }),
      );
      expect((await deliver(signed(oldEnd))).statusCode).toBe(200);
      expect((await account(email)).tier).toBe('premium_monthly');
      // A renewal of the new plan cancels nothing more.
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({ subscription: 'sub_test_switch_premium', metadata: secondMetadata }),
          ),
        ),
      );
      expect(cancellations().length).toBe(before + 1);
    });

    it('stops billing a monthly plan when its account is deleted', async () => {
      const { browser, password } = await signUpAndVerify(stripeApp, use());
      const { params } = await openStripeCheckout(browser, 'plus', 'monthly');
      const subscription = 'sub_test_deleted_account';
      await deliver(
        signed(
          stripeEvent(
            'invoice.paid',
            paidInvoice({
              subscription,
              metadata: params.subscription_data!.metadata,
              billingReason: 'subscription_create',
            }),
          ),
        ),
      );
      const before = stripe.requests.length;
      const deleted = await browser.request({ method: 'DELETE', url: '/api/me', payload: { password } });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        `DELETE /v1/subscriptions/${subscription}`,
      ]);
    });

    it('grants once under ten concurrent deliveries, of the same event and of copies of it', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { params, sessionId } = await openStripeCheckout(browser, 'premium', 'bulk');
      const session = completedSession({ id: sessionId, mode: 'payment', metadata: params.metadata });
      const event = stripeEvent('checkout.session.completed', session);
      const deliveries = [
        ...Array.from({ length: 5 }, () => signed(event)),
        ...Array.from({ length: 5 }, () => signed(stripeEvent('checkout.session.completed', session))),
      ];
      const responses = await Promise.all(deliveries.map((delivery) => deliver(delivery)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const premiumBulk = paidOfferOf('premium', 'bulk')!.creditsToAdd;
      const after = await account(email);
      expect(after).toMatchObject({ credits: NEW_USER_CREDITS + premiumBulk, tier: 'premium_bulk' });
      expect(after.purchases).toHaveLength(1);
    });

    it('waits for a delayed payment method before granting, then grants once', async () => {
      const { browser, email } = await signUpAndVerify(stripeApp, use());
      const { params, sessionId } = await openStripeCheckout(browser, 'plus', 'bulk');
      const pending = completedSession({
        id: sessionId,
        mode: 'payment',
        metadata: params.metadata,
        paymentStatus: 'unpaid',
      });
      expect((await deliver(signed(stripeEvent('checkout.session.completed', pending)))).statusCode).toBe(
        200,
      );
      expect((await account(email)).credits).toBe(NEW_USER_CREDITS);

      const succeeded = completedSession({ id: sessionId, mode: 'payment', metadata: params.metadata });
      const event = stripeEvent('checkout.session.async_payment_succeeded', succeeded);
      expect((await deliver(signed(event))).statusCode).toBe(200);
      expect((await deliver(signed(event))).statusCode).toBe(200);
      expect(await account(email)).toMatchObject({
        credits: NEW_USER_CREDITS + PLUS_BULK,
        tier: 'plus_bulk',
      });
    });

    it('acknowledges unknown event types and sessions of unknown orders without changing anything', async () => {
      const { email } = await signUpAndVerify(stripeApp, use());
      const { id: userId } = await account(email);
      const unknownType = stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' });
      expect((await deliver(signed(unknownType))).statusCode).toBe(200);
      const strangerSession = completedSession({
        id: 'cs_test_not_ours',
        mode: 'payment',
        metadata: { orderId: 'no-such-order', userId, planId: 'premium', billingCycle: 'bulk' },
      });
      const response = await deliver(signed(stripeEvent('checkout.session.completed', strangerSession)));
      expect(response.statusCode).toBe(200);
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
    });

    it('is not there without Stripe', async () => {
      const event = stripeEvent('customer.created', { id: 'cus_test_2', object: 'customer' });
      const delivery = signed(event);
      const response = await testModeApp.inject({
        method: 'POST',
        url: paymentsApi.stripeWebhook,
        payload: delivery.payload,
        headers: delivery.headers,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('test mode', () => {
    it('opens an order page, grants on completion once, and shows the order to its owner only', async () => {
      const { browser, email } = await signUpAndVerify(testModeApp, use());
      const opened = await browser.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
      expect(opened.statusCode, opened.body).toBe(200);
      const { url } = createCheckoutResponseSchema.parse(opened.json());
      const orderId = decodeURIComponent(url.split('/').pop()!);
      expect(url).toBe(testCheckoutPagePath(orderId));
      expect(orderId).toMatch(/^[A-Za-z0-9_-]{22,}$/);

      const shown = await browser.get(paymentsApi.testCheckout(orderId));
      expect(shown.statusCode).toBe(200);
      expect(testCheckoutOrderSchema.parse(shown.json())).toEqual({
        id: orderId,
        planId: 'plus',
        billingCycle: 'bulk',
        priceCents: 2500,
        creditsToAdd: PLUS_BULK,
        status: 'open',
      });
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, purchases: [] });

      // Someone else can neither see nor complete it.
      const stranger = await signUpAndVerify(testModeApp, use());
      expect((await stranger.browser.get(paymentsApi.testCheckout(orderId))).statusCode).toBe(404);
      const stolen = await stranger.browser.post(paymentsApi.completeTestCheckout(orderId));
      expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'not-found']);
      expect(
        (await new TestBrowser(testModeApp).post(paymentsApi.completeTestCheckout(orderId))).statusCode,
      ).toBe(401);
      expect(await account(stranger.email)).toMatchObject({ credits: NEW_USER_CREDITS, purchases: [] });

      const completed = await browser.post(paymentsApi.completeTestCheckout(orderId));
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completeTestCheckoutResponseSchema.parse(completed.json())).toEqual({
        credits: NEW_USER_CREDITS + PLUS_BULK,
        tier: 'plus_bulk',
        granted: true,
      });
      const again = await browser.post(paymentsApi.completeTestCheckout(orderId));
      expect(again.json()).toEqual({
        credits: NEW_USER_CREDITS + PLUS_BULK,
        tier: 'plus_bulk',
        granted: false,
      });
      const after = await account(email);
      expect(after.purchases).toEqual([
        {
          delta: PLUS_BULK,
          balanceAfter: NEW_USER_CREDITS + PLUS_BULK,
          reason: 'purchase',
          reference: orderId,
        },
      ]);
      expect(
        testCheckoutOrderSchema.parse((await browser.get(paymentsApi.testCheckout(orderId))).json()).status,
      ).toBe('completed');
    });

    it('grants once however many completions race', async () => {
      const { browser, email } = await signUpAndVerify(testModeApp, use());
      const opened = await browser.post(paymentsApi.checkout, { planId: 'premium', billingCycle: 'monthly' });
      const orderId = decodeURIComponent(
        createCheckoutResponseSchema.parse(opened.json()).url.split('/').pop()!,
      );
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => browser.post(paymentsApi.completeTestCheckout(orderId))),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect(responses.filter((response) => response.json().granted)).toHaveLength(1);
      const premiumMonthly = paidOfferOf('premium', 'monthly')!.creditsToAdd;
      const after = await account(email);
      expect(after).toMatchObject({ credits: NEW_USER_CREDITS + premiumMonthly, tier: 'premium_monthly' });
      expect(after.purchases).toHaveLength(1);
    });

    it('is refused when Stripe is configured, even for an order opened in test mode before', async () => {
      const { browser, email } = await signUpAndVerify(testModeApp, use());
      const opened = await browser.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
      const orderId = decodeURIComponent(
        createCheckoutResponseSchema.parse(opened.json()).url.split('/').pop()!,
      );

      // The same signed-in browser, now talking to the server with Stripe configured.
      const onStripe = new TestBrowser(stripeApp, browser.ip);
      for (const [name, value] of browser.cookies) onStripe.cookies.set(name, value);
      expect((await onStripe.get('/api/me')).json().user).not.toBeNull();
      expect((await onStripe.get(paymentsApi.testCheckout(orderId))).statusCode).toBe(404);
      expect((await onStripe.post(paymentsApi.completeTestCheckout(orderId))).statusCode).toBe(404);

      // And a Stripe order cannot be "completed" through the test-mode route on either server.
      const { orderId: stripeOrderId } = await openStripeCheckout(onStripe, 'plus', 'bulk');
      expect((await onStripe.post(paymentsApi.completeTestCheckout(stripeOrderId))).statusCode).toBe(404);
      expect((await browser.post(paymentsApi.completeTestCheckout(stripeOrderId))).statusCode).toBe(404);
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
    });
  });

  describe('test mode on a public server', () => {
    const PUBLIC = 'https://winc.example';
    let publicApp: FastifyInstance;
    let optedInApp: FastifyInstance;
    beforeAll(async () => {
      ({ app: publicApp } = await buildTestApp(use(), {
        env: { PUBLIC_ORIGIN: PUBLIC, NODE_ENV: 'production' },
      }));
      ({ app: optedInApp } = await buildTestApp(use(), {
        env: { PUBLIC_ORIGIN: PUBLIC, NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' },
      }));
    });
    afterAll(async () => {
      await publicApp?.close();
      await optedInApp?.close();
    });

    it('is off without PAYMENTS_TEST_MODE=on: the plans say purchases are unavailable, nothing is granted', async () => {
      expect((await publicApp.inject({ url: paymentsApi.options })).json()).toEqual({
        provider: 'unavailable',
        applePay: false,
      });
      const { browser, email } = await signUpAndVerify(publicApp, use(), { origin: PUBLIC });
      expect((await browser.get('/api/me')).json().user).not.toBeNull();
      const refused = await browser.post(paymentsApi.checkout, { planId: 'premium', billingCycle: 'bulk' });
      expect([refused.statusCode, refused.json().code]).toEqual([503, 'payments-unavailable']);
      // An order opened where test mode was on cannot be completed here.
      const local = await signUpAndVerify(testModeApp, use(), { email: `local-${email}` });
      const opened = await local.browser.post(paymentsApi.checkout, {
        planId: 'premium',
        billingCycle: 'bulk',
      });
      const orderId = decodeURIComponent(
        createCheckoutResponseSchema.parse(opened.json()).url.split('/').pop()!,
      );
      const owner = new TestBrowser(publicApp, undefined, PUBLIC);
      const signIn = await owner.post('/api/auth/sign-in/email', {
        email: local.email,
        password: local.password,
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect((await owner.get(paymentsApi.testCheckout(orderId))).statusCode).toBe(404);
      expect((await owner.post(paymentsApi.completeTestCheckout(orderId))).statusCode).toBe(404);
      expect(await account(local.email)).toMatchObject({ credits: NEW_USER_CREDITS, purchases: [] });
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS, tier: 'free', purchases: [] });
    });

    it('is on when the operator says PAYMENTS_TEST_MODE=on', async () => {
      expect((await optedInApp.inject({ url: paymentsApi.options })).json()).toEqual({
        provider: 'test-mode',
        applePay: false,
      });
      const { browser: visitor, email } = await signUpAndVerify(optedInApp, use(), { origin: PUBLIC });
      const opened = await visitor.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'bulk' });
      expect(opened.statusCode, opened.body).toBe(200);
      const orderId = decodeURIComponent(
        createCheckoutResponseSchema.parse(opened.json()).url.split('/').pop()!,
      );
      expect((await visitor.post(paymentsApi.completeTestCheckout(orderId))).statusCode).toBe(200);
      expect(await account(email)).toMatchObject({ credits: NEW_USER_CREDITS + PLUS_BULK });
    });
  });

  describe('credit history', () => {
    it("answers the caller's latest changes, newest first, without private fields", async () => {
      const signedOut = await new TestBrowser(testModeApp).get(paymentsApi.creditHistory);
      expect([signedOut.statusCode, signedOut.json().code]).toEqual([401, 'unauthenticated']);

      const { browser, email } = await signUpAndVerify(testModeApp, use());
      const opened = await browser.post(paymentsApi.checkout, { planId: 'plus', billingCycle: 'monthly' });
      const orderId = decodeURIComponent(
        createCheckoutResponseSchema.parse(opened.json()).url.split('/').pop()!,
      );
      await browser.post(paymentsApi.completeTestCheckout(orderId));

      const response = await browser.get(paymentsApi.creditHistory);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { entries } = creditHistoryResponseSchema.parse(response.json());
      expect(entries.map(({ delta, balanceAfter, reason }) => ({ delta, balanceAfter, reason }))).toEqual([
        { delta: PLUS_MONTHLY, balanceAfter: NEW_USER_CREDITS + PLUS_MONTHLY, reason: 'purchase' },
        { delta: NEW_USER_CREDITS, balanceAfter: NEW_USER_CREDITS, reason: 'signup-grant' },
      ]);
      expect(Object.keys(response.json().entries[0]).sort()).toEqual([
        'balanceAfter',
        'createdAt',
        'delta',
        'id',
        'reason',
      ]);

      // Only the latest CREDIT_HISTORY_LIMIT, and only the caller's.
      const { id: userId } = await account(email);
      const { db, codec } = use().database;
      const base = Date.now() + 60_000;
      for (let index = 0; index < CREDIT_HISTORY_LIMIT + 5; index += 1) {
        await db
          .insertInto('creditLedger')
          .values({
            id: `history-${userId}-${index}`,
            userId,
            delta: -30,
            balanceAfter: index,
            reason: 'card-unlock',
            reference: null,
            idempotencyKey: `history-test:${userId}:${index}`,
            createdAt: codec.date(new Date(base + index * 1000)),
          })
          .execute();
      }
      const limited = creditHistoryResponseSchema.parse(
        (await browser.get(paymentsApi.creditHistory)).json(),
      );
      expect(limited.entries).toHaveLength(CREDIT_HISTORY_LIMIT);
      expect(limited.entries[0]!.balanceAfter).toBe(CREDIT_HISTORY_LIMIT + 4);
      const other = await signUpAndVerify(testModeApp, use());
      const theirs = creditHistoryResponseSchema.parse(
        (await other.browser.get(paymentsApi.creditHistory)).json(),
      );
      expect(theirs.entries.map((entry) => entry.reason)).toEqual(['signup-grant']);
    });
  });
});
