import type Stripe from 'stripe';
import type { BillingCycle, PaidPlanId } from '../../../shared/payments/plans.ts';
import type { StripeSettings } from '../../platform/config.ts';

/** Stripe's own tolerance for a webhook's signed timestamp: older deliveries are refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CheckoutSessionRequest {
  orderId: string;
  userId: string;
  planId: PaidPlanId;
  billingCycle: BillingCycle;
  successUrl: string;
  cancelUrl: string;
}

export type StripeEvent = Stripe.Event;
export type StripeCheckoutSession = Stripe.Checkout.Session;
export type StripeInvoice = Stripe.Invoice;
export type StripeSubscription = Stripe.Subscription;

/** The signature is missing, does not match the secret, or is older than the tolerance. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export type StripeGateway = Awaited<ReturnType<typeof createStripeGateway>>;

/**
 * The only code that talks to Stripe: opens Checkout Sessions and cancels replaced subscriptions with the
 * official SDK, and verifies webhook signatures. The SDK is pointed at STRIPE_API_URL when set (tests run a local Stripe-shaped server).
 */
export async function createStripeGateway(settings: StripeSettings) {
  // The SDK (about 20 MB) loads only on a server that takes payments with Stripe.
  const { default: StripeClient } = await import('stripe');
  const stripe = new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Winc' },
    ...(settings.api ?? {}),
  });

  return {
    /**
     * A Checkout Session for one paid offer (DESIGN §1.10): a subscription for monthly plans, a one-time
     * payment for bulk packs, at the configured price. The order id travels as `client_reference_id` and,
     * with the user and plan, as metadata on the session and (monthly) on the subscription, so every
     * invoice of that subscription names the order it pays for. Apple Pay and other wallets come with
     * Checkout itself. Stripe's idempotency key makes a retried request open the same session.
     */
    async createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }> {
      const metadata = {
        orderId: request.orderId,
        userId: request.userId,
        planId: request.planId,
        billingCycle: request.billingCycle,
      };
      const monthly = request.billingCycle === 'monthly';
      const session = await stripe.checkout.sessions.create(
        {
          mode: monthly ? 'subscription' : 'payment',
          line_items: [{ price: settings.prices[request.planId][request.billingCycle], quantity: 1 }],
          client_reference_id: request.orderId,
          metadata,
          ...(monthly ? { subscription_data: { metadata } } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-session:${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    /** Ends a subscription now (a member switched to another monthly plan: one plan is billed at a time). */
    async cancelSubscription(subscriptionId: string): Promise<void> {
      await stripe.subscriptions.cancel(subscriptionId, undefined, {
        idempotencyKey: `cancel-subscription:${subscriptionId}`,
      });
    },

    /**
     * Verifies a webhook delivery against the endpoint's signing secret on the exact bytes received, with a
     * 5-minute tolerance, and parses it. Throws WebhookSignatureError for anything not signed by Stripe now.
     */
    constructEvent(rawBody: Buffer, signature: string | undefined): StripeEvent {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
