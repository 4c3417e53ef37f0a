import { z } from 'zod';
import { CARD_UNLOCK_COST } from '../cards/cards.contract.ts';

/**
 * The plans of SPEC §9 with DESIGN §1.9's credits: credits granted = cards × 30. Monthly plans grant on every
 * paid period, bulk packs once. Prices are in US cents so no float ever reaches a payment provider.
 */

export const PLAN_IDS = ['free', 'plus', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans that can be bought. */
export const PAID_PLAN_IDS = ['plus', 'premium'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'bulk'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export interface PlanOffer {
  /** US cents; monthly offers are charged every month, bulk offers once. */
  priceCents: number;
  /** How many cards the credits unlock. */
  cards: number;
  /** cards × CARD_UNLOCK_COST, except where SPEC prints another figure. */
  creditsToAdd: number;
  /** How many distinct recipients may open a card paid on this plan (DESIGN §1.7); null: no limit printed. */
  viewLimit: number | null;
}

export interface Plan {
  tierId: PlanId;
  /** 'Popular' badge (SPEC §9: Plus). */
  popular: boolean;
  /** Offers per billing cycle; a plan without one for a cycle has nothing to buy there. */
  offers: Partial<Record<BillingCycle, PlanOffer>>;
}

const offer = (
  priceCents: number,
  cards: number,
  viewLimit: number | null,
  creditsToAdd = cards * CARD_UNLOCK_COST,
): PlanOffer => ({ priceCents, cards, creditsToAdd, viewLimit });

/** SPEC §9's table: Free $0 (3 cards a month, 2 views), Plus $5/month or $25 bulk, Premium $15/month or $50 bulk. */
export const PLANS: readonly Plan[] = [
  { tierId: 'free', popular: false, offers: { monthly: offer(0, 3, 2) } },
  // SPEC §9 and DESIGN §1.9 both print 550 credits for Plus monthly: its 18 cards and 10 credits to spare.
  { tierId: 'plus', popular: true, offers: { monthly: offer(500, 18, 4, 550), bulk: offer(2500, 220, 4) } },
  { tierId: 'premium', popular: false, offers: { monthly: offer(1500, 55, 8), bulk: offer(5000, 660, 8) } },
];

export function planOf(tierId: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.tierId === tierId);
  if (!plan) throw new Error(`Unknown plan ${tierId}`);
  return plan;
}

/** The offer bought by `{planId, billingCycle}`, or null when that plan has nothing to buy in that cycle. */
export function paidOfferOf(planId: PlanId, cycle: BillingCycle): PlanOffer | null {
  if (planId === 'free') return null;
  return planOf(planId).offers[cycle] ?? null;
}

/** The user's tier after buying (DESIGN §1.9): `plus_monthly`, `premium_bulk`, … */
export function tierAfterPurchase(planId: PaidPlanId, cycle: BillingCycle): string {
  return `${planId}_${cycle}`;
}

/** Which plan card a tier marks as current: 'free', or the plan and cycle it was bought on. */
export function currentPlanOf(tier: string): { planId: PlanId; cycle: BillingCycle | null } {
  const match = /^(plus|premium)_(monthly|bulk)$/.exec(tier);
  if (!match) return { planId: 'free', cycle: null };
  return { planId: match[1] as PaidPlanId, cycle: match[2] as BillingCycle };
}

/**
 * DESIGN §1.7: how many recipient devices may open a card paid on this tier — the limit printed on its plan
 * (Free 2, Plus 4, Premium 8), stored on the card when it is paid. Null: the plan prints none.
 */
export function viewLimitOf(tier: string): number | null {
  const { planId, cycle } = currentPlanOf(tier);
  const plan = planOf(planId);
  return (plan.offers[cycle ?? 'monthly'] ?? plan.offers.monthly)?.viewLimit ?? null;
}

/**
 * DESIGN §1.18: 'multilingual and advanced AI conversation' come with Plus and Premium — a card in a language
 * other than the sender's UI language, and the configured AI provider's model and voice. Free members and
 * guests (no tier) get the built-in writer and voice, in their UI language.
 */
export function includesAdvancedAi(tier: string | null): boolean {
  return tier !== null && currentPlanOf(tier).planId !== 'free';
}

/** SPEC §7 createStripeCheckout: `{planId, billingCycle}` → `{url}`; the browser then navigates there. */
export const createCheckoutRequestSchema = z
  .object({ planId: z.enum(PAID_PLAN_IDS), billingCycle: z.enum(BILLING_CYCLES) })
  .strict();
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;
export const createCheckoutResponseSchema = z.object({ url: z.string().min(1) });
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/**
 * How this server takes payments: 'stripe' when Stripe is configured (its Checkout offers Apple Pay on
 * devices that have it), else 'test-mode' — the built-in, clearly labelled checkout that grants the same way
 * but takes no money (DESIGN §1.10), offered for local use or when the operator turns it on — else
 * 'unavailable': the plans show, nothing can be bought.
 */
export const paymentOptionsSchema = z.object({
  provider: z.enum(['stripe', 'test-mode', 'unavailable']),
  applePay: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** A test-mode order as its checkout page shows it (GET /api/payments/test-checkout/:orderId). */
export const testCheckoutOrderSchema = z.object({
  id: z.string(),
  planId: z.enum(PAID_PLAN_IDS),
  billingCycle: z.enum(BILLING_CYCLES),
  priceCents: z.number().int(),
  creditsToAdd: z.number().int(),
  status: z.enum(['open', 'completed']),
});
export type TestCheckoutOrder = z.infer<typeof testCheckoutOrderSchema>;

/**
 * POST /api/payments/test-checkout/:orderId/complete — the test-mode "payment": the balance and tier after it,
 * and whether this call granted the credits (false when the order had been completed already).
 */
export const completeTestCheckoutResponseSchema = z.object({
  credits: z.number().int(),
  tier: z.string(),
  granted: z.boolean(),
});
export type CompleteTestCheckoutResponse = z.infer<typeof completeTestCheckoutResponseSchema>;

/** How many of the latest credit changes the credit history answers. */
export const CREDIT_HISTORY_LIMIT = 20;

/** A credit-history line of the signed-in user (Account info): newest first. */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** 'signup-grant', 'card-unlock', 'purchase', 'refund'. */
  reason: z.string(),
  createdAt: z.string(),
});
export const creditHistoryResponseSchema = z.object({ entries: z.array(creditHistoryEntrySchema) });
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** The API paths of plans and payments, one place for the server routes and the browser client. */
export const paymentsApi = {
  options: '/api/payments/options',
  /** POST, signed in: opens a checkout (Stripe, or the built-in test mode) and answers its URL. */
  checkout: '/api/payments/checkout',
  /** POST from Stripe only: signature-verified events. */
  stripeWebhook: '/api/payments/stripe/webhook',
  testCheckout: (orderId: string) => `/api/payments/test-checkout/${encodeURIComponent(orderId)}`,
  completeTestCheckout: (orderId: string) =>
    `/api/payments/test-checkout/${encodeURIComponent(orderId)}/complete`,
  creditHistory: '/api/me/credit-history',
} as const;

/** The web page of a test-mode order (the URL `checkout` answers when Stripe is not configured). */
export const testCheckoutPagePath = (orderId: string) => `/test-checkout/${encodeURIComponent(orderId)}`;
