import { CARD_UNLOCK_COST } from '../cards/card-rules.ts';

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
  /** How many guests an invitation paid on this plan may have (DESIGN §1.20). */
  guestLimit: number;
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
  limits: { views: number | null; guests: number },
  creditsToAdd = cards * CARD_UNLOCK_COST,
): PlanOffer => ({ priceCents, cards, creditsToAdd, viewLimit: limits.views, guestLimit: limits.guests });

const FREE_LIMITS = { views: 2, guests: 20 };
const PLUS_LIMITS = { views: 4, guests: 100 };
const PREMIUM_LIMITS = { views: 8, guests: 500 };

/**
 * SPEC §9's table: Free $0 (3 cards a month, 2 views), Plus $5/month or $25 bulk, Premium $15/month or $50
 * bulk; DESIGN §1.20's guests per invitation: Free 20, Plus 100, Premium 500.
 */
export const PLANS: readonly Plan[] = [
  { tierId: 'free', popular: false, offers: { monthly: offer(0, 3, FREE_LIMITS) } },
  // SPEC §9 and DESIGN §1.9 both print 550 credits for Plus monthly: its 18 cards and 10 credits to spare.
  {
    tierId: 'plus',
    popular: true,
    offers: { monthly: offer(500, 18, PLUS_LIMITS, 550), bulk: offer(2500, 220, PLUS_LIMITS) },
  },
  {
    tierId: 'premium',
    popular: false,
    offers: { monthly: offer(1500, 55, PREMIUM_LIMITS), bulk: offer(5000, 660, PREMIUM_LIMITS) },
  },
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
 * What raising one card's view limit costs (docs/decisions/0033-walk-through-fixes.md): the price of a card,
 * paid once per card.
 */
export const VIEW_LIMIT_RAISE_COST = 30;

/**
 * The limit a card's view limit is raised to: the next plan's — the smallest limit a plan prints above the
 * card's (Free's 2 → Plus's 4 → Premium's 8). Null when no plan prints a higher one, or the card has none.
 */
export function raisedViewLimitOf(viewLimit: number | null): number | null {
  if (viewLimit === null) return null;
  const limits = PLANS.flatMap((plan) => Object.values(plan.offers).map((offer) => offer.viewLimit));
  const higher = limits.filter((limit): limit is number => limit !== null && limit > viewLimit);
  return higher.length === 0 ? null : Math.min(...higher);
}

/** DESIGN §1.20: how many guests an invitation paid on this tier may have, stored on it when it is paid. */
export function guestLimitOf(tier: string): number {
  const { planId, cycle } = currentPlanOf(tier);
  const plan = planOf(planId);
  return (plan.offers[cycle ?? 'monthly'] ?? plan.offers.monthly)!.guestLimit;
}

/**
 * DESIGN §1.18: 'multilingual and advanced AI conversation' come with Plus and Premium — a card in a language
 * other than the sender's UI language, and the configured AI provider's model and voice. Free members and
 * guests (no tier) get the built-in writer and voice, in their UI language.
 */
export function includesAdvancedAi(tier: string | null): boolean {
  return tier !== null && currentPlanOf(tier).planId !== 'free';
}

/** The web page of a test-mode order (the URL `checkout` answers when Stripe is not configured). */
export const testCheckoutPagePath = (orderId: string) => `/test-checkout/${encodeURIComponent(orderId)}`;
