import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { paidOfferOf, testCheckoutPagePath, tierAfterPurchase } from '../../../shared/payments/plans.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { CREDITS_CHANGED } from '../credits/credit-events.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import type {
  GrantOutcome,
  PaymentOrder,
  PaymentsRepository,
  ProcessedEvent,
} from './payments.repository.ts';
import {
  WebhookSignatureError,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripeGateway,
  type StripeInvoice,
  type StripeSubscription,
} from './stripe-gateway.ts';
import type {
  CompleteTestCheckoutResponse,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  PaymentOptions,
  TestCheckoutOrder,
} from '../../../shared/payments/payments.contract.ts';

/** The ledger reason of every bought credit (Account info shows it). */
export const PURCHASE_REASON = 'purchase';

/** Opening checkouts costs a Stripe call and an order row each: bounded per user. */
export const PAYMENT_RATE_LIMITS = {
  checkoutPerUser: { limit: 30, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

/** The invoices that pay a subscription period: the first one and each renewal (not prorations). */
const PERIOD_BILLING_REASONS = new Set(['subscription_create', 'subscription_cycle']);

export type WebhookOutcome =
  | GrantOutcome['status']
  | 'subscription-recorded'
  | 'awaiting-payment'
  | 'unknown-order'
  | 'not-a-period'
  | 'subscription-ended'
  | 'ignored';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A subscription's metadata on an invoice: `parent.subscription_details` since API 2025-03-31, else top level. */
function subscriptionOfInvoice(invoice: StripeInvoice): {
  subscriptionId: string | null;
  metadata: Record<string, string>;
} {
  const legacy = invoice as unknown as {
    subscription?: string | { id: string } | null;
    subscription_details?: { metadata?: Record<string, string> | null } | null;
  };
  const details = invoice.parent?.subscription_details ?? null;
  const subscription = details?.subscription ?? legacy.subscription ?? null;
  return {
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    metadata: details?.metadata ?? legacy.subscription_details?.metadata ?? {},
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  /** Stripe Checkout, or null: then the built-in test-mode checkout when `testMode`, else no purchases. */
  stripe: StripeGateway | null;
  testMode: boolean;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells the buyer's open pages, on every instance, of a new balance or plan. */
  notifications?: Pick<Notifications, 'publish'>;
  metrics?: Pick<Metrics, 'counter'>;
}) {
  const { repository, stripe, rateLimiter, now, log } = deps;
  const testMode = !stripe && deps.testMode;
  const grants = deps.metrics?.counter(
    'winc_credit_grants_total',
    'Purchases granted (credits added once per paid order or period), by plan, billing cycle and provider.',
    ['plan', 'billing_cycle', 'provider'],
  );
  const creditsGranted = deps.metrics?.counter(
    'winc_credits_granted_total',
    'Credits added by granted purchases.',
  );

  /**
   * The one granting path of every purchase, webhook or test mode (DESIGN §1.8–1.10): the order's offer in
   * credits and the tier `{plan}_{cycle}`, with a ledger row under `idempotencyKey`, exactly once per key.
   */
  async function grantOrder(
    order: PaymentOrder,
    grant: {
      idempotencyKey: string;
      event?: ProcessedEvent;
      providerSessionId?: string | null;
      subscriptionId?: string | null;
    },
  ): Promise<GrantOutcome> {
    const offer = paidOfferOf(order.planId, order.billingCycle);
    if (!offer)
      throw new Error(`Order ${order.id} is for ${order.planId}/${order.billingCycle}: nothing to grant`);
    const outcome = await repository.grantPurchase({
      order,
      idempotencyKey: grant.idempotencyKey,
      credits: offer.creditsToAdd,
      tier: tierAfterPurchase(order.planId, order.billingCycle),
      reason: PURCHASE_REASON,
      at: now(),
      ...(grant.event ? { event: grant.event } : {}),
      providerSessionId: grant.providerSessionId ?? null,
      subscriptionId: grant.subscriptionId ?? null,
    });
    log.info(
      { orderId: order.id, userId: order.userId, key: grant.idempotencyKey, outcome: outcome.status },
      'payments: purchase grant',
    );
    if (outcome.status === 'granted') {
      deps.notifications?.publish(CREDITS_CHANGED, order.userId);
      grants?.inc({ plan: order.planId, billing_cycle: order.billingCycle, provider: order.provider });
      creditsGranted?.inc(offer.creditsToAdd);
    }
    return outcome;
  }

  /** The order a Checkout Session pays for: our metadata / client_reference_id, else the stored session id. */
  async function orderOfSession(session: StripeCheckoutSession): Promise<PaymentOrder | null> {
    const orderId = session.metadata?.orderId ?? session.client_reference_id ?? null;
    const byId = orderId ? await repository.findOrder(orderId) : null;
    const order = byId ?? (await repository.findOrderBySession(session.id));
    return order?.provider === 'stripe' ? order : null;
  }

  /** `checkout.session.completed` / `async_payment_succeeded`: a bulk pack is paid; a subscription begins. */
  async function onCheckoutSession(
    event: ProcessedEvent,
    session: StripeCheckoutSession,
  ): Promise<WebhookOutcome> {
    const at = now();
    const order = await orderOfSession(session);
    if (!order) {
      log.warn({ eventId: event.id, sessionId: session.id }, 'payments: checkout session of no known order');
      await repository.recordEvent(event, at);
      return 'unknown-order';
    }
    const subscriptionId = idOf(session.subscription);
    if (session.mode === 'subscription' && order.billingCycle === 'monthly') {
      // Its invoices grant (invoice.paid, each period); this only ties the subscription to the order.
      const recorded = await repository.noteOrderFromEvent({
        orderId: order.id,
        at,
        event,
        providerSessionId: session.id,
        subscriptionId,
      });
      return recorded ? 'subscription-recorded' : 'duplicate-event';
    }
    if (session.mode !== 'payment' || order.billingCycle !== 'bulk') {
      log.warn(
        { eventId: event.id, orderId: order.id, mode: session.mode },
        'payments: session/order mismatch',
      );
      await repository.recordEvent(event, at);
      return 'ignored';
    }
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
      // A delayed payment method: checkout.session.async_payment_succeeded grants later, with this key.
      await repository.noteOrderFromEvent({ orderId: order.id, at, event, providerSessionId: session.id });
      return 'awaiting-payment';
    }
    const outcome = await grantOrder(order, {
      idempotencyKey: `purchase:checkout:${session.id}`,
      event,
      providerSessionId: session.id,
    });
    return outcome.status;
  }

  /** `invoice.paid`: one paid period of a monthly plan, granted once per invoice, whatever arrived first. */
  async function onInvoicePaid(event: ProcessedEvent, invoice: StripeInvoice): Promise<WebhookOutcome> {
    const at = now();
    if (!invoice.id || !PERIOD_BILLING_REASONS.has(invoice.billing_reason ?? '')) {
      await repository.recordEvent(event, at);
      return 'not-a-period';
    }
    const { subscriptionId, metadata } = subscriptionOfInvoice(invoice);
    const byId = metadata.orderId ? await repository.findOrder(metadata.orderId) : null;
    const order = byId ?? (subscriptionId ? await repository.findOrderBySubscription(subscriptionId) : null);
    if (!order || order.provider !== 'stripe' || order.billingCycle !== 'monthly') {
      log.warn(
        { eventId: event.id, invoiceId: invoice.id, subscriptionId },
        'payments: paid invoice of no known monthly order',
      );
      await repository.recordEvent(event, at);
      return 'unknown-order';
    }
    const outcome = await grantOrder(order, {
      idempotencyKey: `purchase:invoice:${invoice.id}`,
      event,
      subscriptionId,
    });
    if (outcome.status === 'granted' && invoice.billing_reason === 'subscription_create' && subscriptionId)
      await cancelReplacedSubscriptions(order.userId, subscriptionId);
    return outcome.status;
  }

  /**
   * A member who takes another monthly plan switches to it: once its first invoice is paid, their earlier
   * subscriptions are cancelled, so one plan is billed at a time (their ends leave the new tier alone). A
   * failed cancellation is logged for support and never undoes the purchase just granted.
   */
  async function cancelReplacedSubscriptions(userId: string, current: string): Promise<void> {
    const previous = (await repository.subscriptionsOf(userId)).filter((id) => id !== current);
    await cancelSubscriptions(userId, previous, `replaced by ${current}`);
  }

  /** Cancels subscriptions at Stripe; a refusal is logged for support and never stops the caller. */
  async function cancelSubscriptions(userId: string, subscriptionIds: string[], why: string): Promise<void> {
    for (const subscriptionId of subscriptionIds) {
      try {
        await stripe!.cancelSubscription(subscriptionId);
        log.info({ userId, subscriptionId, why }, 'payments: cancelled a subscription');
      } catch (error) {
        log.warn({ err: error, userId, subscriptionId, why }, 'payments: could not cancel a subscription');
      }
    }
  }

  /**
   * `customer.subscription.deleted`: a monthly plan ended (cancelled, or unpaid after Stripe's retries). The
   * tier falls back to free so the plan can be taken again; the credits of the periods paid stay.
   */
  async function onSubscriptionEnded(
    event: ProcessedEvent,
    subscription: StripeSubscription,
  ): Promise<WebhookOutcome> {
    const at = now();
    const orderId = subscription.metadata?.orderId;
    const byId = orderId ? await repository.findOrder(orderId) : null;
    const order = byId ?? (await repository.findOrderBySubscription(subscription.id));
    if (!order || order.provider !== 'stripe' || order.billingCycle !== 'monthly') {
      log.warn(
        { eventId: event.id, subscriptionId: subscription.id },
        'payments: ended subscription of no known order',
      );
      await repository.recordEvent(event, at);
      return 'unknown-order';
    }
    const ended = await repository.endSubscription({
      event,
      userId: order.userId,
      tier: tierAfterPurchase(order.planId, 'monthly'),
      at,
    });
    if (ended) deps.notifications?.publish(CREDITS_CHANGED, order.userId);
    return ended ? 'subscription-ended' : 'duplicate-event';
  }

  /** The caller's own test-mode order; another user's, a Stripe order, or any outside test mode: not found. */
  async function testOrderOf(userId: string, orderId: string): Promise<PaymentOrder> {
    const order = testMode ? await repository.findOrder(orderId) : null;
    if (!order || order.userId !== userId || order.provider !== 'test-mode') throw new AppError('not-found');
    return order;
  }

  return {
    /** An account being deleted: its monthly plans stop billing (Stripe would otherwise charge on). */
    async endSubscriptionsOf(userId: string): Promise<void> {
      if (!stripe) return;
      await cancelSubscriptions(userId, await repository.subscriptionsOf(userId), 'account deleted');
    },

    /** How this server takes payments; Apple Pay only through Stripe Checkout. */
    options(): PaymentOptions {
      if (stripe) return { provider: 'stripe', applePay: true };
      return { provider: testMode ? 'test-mode' : 'unavailable', applePay: false };
    },

    /**
     * Opens a checkout for a paid offer (SPEC §7 createStripeCheckout): an order row, then a Stripe Checkout
     * Session (answering its URL) or, without Stripe, the built-in test-mode checkout page. Nothing is
     * granted here: only Stripe's signed webhook, or completing the test-mode order, grants.
     */
    async openCheckout(
      userId: string,
      request: CreateCheckoutRequest,
      origin: string,
    ): Promise<CreateCheckoutResponse> {
      if (!paidOfferOf(request.planId, request.billingCycle)) throw new AppError('validation-failed');
      if (!stripe && !testMode) throw new AppError('payments-unavailable');
      await rateLimiter.consume(`payments:checkout:user:${userId}`, PAYMENT_RATE_LIMITS.checkoutPerUser);
      const order: PaymentOrder = {
        id: crypto.randomBytes(16).toString('base64url'),
        userId,
        planId: request.planId,
        billingCycle: request.billingCycle,
        provider: stripe ? 'stripe' : 'test-mode',
        providerSessionId: null,
        subscriptionId: null,
        status: 'open',
        createdAt: now(),
        completedAt: null,
      };
      await repository.insertOrder(order);
      if (!stripe) return { url: testCheckoutPagePath(order.id) };

      let session: { id: string; url: string };
      try {
        session = await stripe.createCheckoutSession({
          orderId: order.id,
          userId,
          planId: request.planId,
          billingCycle: request.billingCycle,
          successUrl: `${origin}/pricing?success=true`,
          cancelUrl: `${origin}/pricing`,
        });
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'payments: Stripe refused to open a checkout session');
        throw new AppError('service-unavailable');
      }
      await repository.setProviderSession(order.id, session.id);
      return { url: session.url };
    },

    /** The caller's own open or completed test-mode order; anyone else's, or any with Stripe on, is not found. */
    async getTestOrder(userId: string, orderId: string): Promise<TestCheckoutOrder> {
      const order = await testOrderOf(userId, orderId);
      const offer = paidOfferOf(order.planId, order.billingCycle)!;
      return {
        id: order.id,
        planId: order.planId,
        billingCycle: order.billingCycle,
        priceCents: offer.priceCents,
        creditsToAdd: offer.creditsToAdd,
        status: order.status,
      };
    },

    /**
     * Test mode's "payment" (DESIGN §1.10): grants the order exactly as Stripe's webhook would, once; a
     * repeated call succeeds and grants nothing. Refused (not found) when Stripe is configured.
     */
    async completeTestOrder(userId: string, orderId: string): Promise<CompleteTestCheckoutResponse> {
      const order = await testOrderOf(userId, orderId);
      const outcome = await grantOrder(order, { idempotencyKey: `purchase:test-mode:${order.id}` });
      if (outcome.status === 'user-gone') throw new AppError('unauthenticated');
      const balance = await repository.balanceOf(userId);
      if (!balance) throw new AppError('unauthenticated');
      return { credits: balance.credits, tier: balance.tier, granted: outcome.status === 'granted' };
    },

    /**
     * Stripe's webhook: verifies the signature on the raw bytes (`WebhookSignatureError` otherwise), then
     * handles each event id at most once. Unknown event types are acknowledged and ignored.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      if (!stripe) throw new AppError('not-found');
      let event: StripeEvent;
      try {
        event = stripe.constructEvent(rawBody, signature);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        log.warn({ reason: error.message }, 'payments: refused a Stripe webhook delivery');
        throw new AppError('validation-failed', 'The Stripe signature is missing, invalid or too old.');
      }
      const processed: ProcessedEvent = { id: event.id, provider: 'stripe', type: event.type };
      let outcome: WebhookOutcome;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          outcome = await onCheckoutSession(processed, event.data.object);
          break;
        case 'invoice.paid':
          outcome = await onInvoicePaid(processed, event.data.object);
          break;
        case 'customer.subscription.deleted':
          outcome = await onSubscriptionEnded(processed, event.data.object);
          break;
        default:
          outcome = 'ignored';
      }
      log.info({ eventId: event.id, type: event.type, outcome }, 'payments: Stripe event');
      return outcome;
    },
  };
}
