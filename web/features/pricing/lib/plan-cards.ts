import {
  PLANS,
  currentPlanOf,
  type BillingCycle,
  type PaidPlanId,
  type PlanId,
  type PlanOffer,
} from '../../../../shared/payments/plans.ts';
import { LANGUAGES } from '../../../../shared/i18n/languages.ts';

/**
 * What one plan card on /pricing shows for a billing cycle and a viewer, derived from the plans contract
 * (SPEC §9) so the page never restates a price, a count or a limit.
 */

/** One line of "what's included"; `count` feeds the plural forms of its locale key. */
export interface PlanFeature {
  key:
    | 'freeCards'
    | 'cardsPerMonth'
    | 'cardsInPack'
    | 'viewLimit'
    | 'guestLimit'
    | 'standardVoice'
    | 'basicConversation'
    | 'multilingual'
    | 'advancedConversation'
    | 'naturalVoice'
    | 'faceUnlock';
  count?: number;
}

/**
 * What the card's button does:
 * - `buy`: start a checkout for this plan and cycle;
 * - `current`: the viewer's monthly plan (SPEC §9: matched by tier), shown disabled — a bulk pack the
 *   viewer holds stays `buy` (marked current), since packs can be bought again;
 * - `start-free`: signed out, the Free card invites to sign up;
 * - `none`: nothing to do (Free for a member on a paid plan, or a plan with no offer in this cycle).
 */
export type PlanAction = 'buy' | 'current' | 'start-free' | 'none';

export interface PlanCardModel {
  planId: PlanId;
  popular: boolean;
  /** The offer shown: the cycle's, or — for Free, which has no pack — its monthly allowance. */
  offer: PlanOffer;
  /** The cycle the shown price belongs to (Free in the Bulk view still shows its monthly price). */
  priceCycle: BillingCycle;
  /** False when this plan cannot be had as the selected cycle (Free has no bulk pack). */
  availableInCycle: boolean;
  current: boolean;
  action: PlanAction;
  /** Buying it replaces the viewer's other monthly plan (the server cancels that subscription). */
  switching: boolean;
  features: PlanFeature[];
}

export interface PlanViewer {
  signedIn: boolean;
  /** The user's tier ('free', 'plus_bulk', …); ignored when signed out. */
  tier: string | null;
}

/** Which AI providers this server has: Plus and Premium only promise the provider's model and voice where they exist. */
export interface AiProviders {
  writer: boolean;
  voice: boolean;
}

export const NO_AI_PROVIDERS: AiProviders = { writer: false, voice: false };

/** The three plan cards for a cycle, in SPEC's order (Free, Plus, Premium). */
export function planCards(
  cycle: BillingCycle,
  viewer: PlanViewer,
  aiProviders: AiProviders = NO_AI_PROVIDERS,
): PlanCardModel[] {
  const current = viewer.signedIn && viewer.tier !== null ? currentPlanOf(viewer.tier) : null;
  return PLANS.map((plan) => {
    const cycleOffer = plan.offers[cycle];
    const offer = cycleOffer ?? plan.offers.monthly;
    if (!offer) throw new Error(`Plan ${plan.tierId} has no offer to show`);
    const priceCycle: BillingCycle = cycleOffer ? cycle : 'monthly';
    // Free is current for a free member in either view; a paid plan only in the cycle it was bought in.
    const isCurrent =
      current !== null &&
      current.planId === plan.tierId &&
      (plan.tierId === 'free' || current.cycle === cycle);
    let action: PlanAction;
    // A subscription cannot be taken twice; a pack can be bought again whenever the credits run low.
    if (isCurrent && priceCycle === 'monthly') action = 'current';
    else if (plan.tierId === 'free') action = viewer.signedIn ? 'none' : 'start-free';
    else action = cycleOffer ? 'buy' : 'none';
    return {
      planId: plan.tierId,
      popular: plan.popular,
      offer,
      priceCycle,
      availableInCycle: cycleOffer !== undefined,
      current: isCurrent,
      action,
      switching: action === 'buy' && priceCycle === 'monthly' && current?.cycle === 'monthly' && !isCurrent,
      features: featuresOf(plan.tierId, offer, priceCycle, aiProviders),
    };
  });
}

/**
 * DESIGN §1.18: every plan has the built-in voice and writer; Plus and Premium add other card languages, and
 * the configured provider's model ('advanced AI conversation') and voice where this server has them.
 */
function featuresOf(planId: PlanId, offer: PlanOffer, cycle: BillingCycle, ai: AiProviders): PlanFeature[] {
  const cards: PlanFeature = {
    key: planId === 'free' ? 'freeCards' : cycle === 'bulk' ? 'cardsInPack' : 'cardsPerMonth',
    count: offer.cards,
  };
  const views: PlanFeature[] = offer.viewLimit === null ? [] : [{ key: 'viewLimit', count: offer.viewLimit }];
  // DESIGN §1.20: an invitation's plan limits its guests instead of its views.
  const guests: PlanFeature = { key: 'guestLimit', count: offer.guestLimit };
  if (planId === 'free')
    return [
      cards,
      ...views,
      guests,
      { key: 'standardVoice' },
      { key: 'basicConversation' },
      { key: 'faceUnlock' },
    ];
  return [
    cards,
    ...views,
    guests,
    { key: 'multilingual', count: LANGUAGES.length },
    { key: ai.writer ? 'advancedConversation' : 'basicConversation' },
    { key: ai.voice ? 'naturalVoice' : 'standardVoice' },
    { key: 'faceUnlock' },
  ];
}

/** The paid plan the viewer holds, for the "Your plan" line; null on Free or signed out. */
export function heldPlan(viewer: PlanViewer): { planId: PaidPlanId; cycle: BillingCycle } | null {
  if (!viewer.signedIn || viewer.tier === null) return null;
  const current = currentPlanOf(viewer.tier);
  if (current.planId === 'free' || current.cycle === null) return null;
  return { planId: current.planId, cycle: current.cycle };
}

/** A price in US dollars from cents, in the UI language with Latin digits: `$5`, `$0.28`, `25 US$`. */
export function formatPrice(cents: number, language: string | undefined): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    numberingSystem: 'latn',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** A count with grouped digits in the UI language, Latin digits like the rest of the interface: `6,600`. */
export function formatCount(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { numberingSystem: 'latn' }).format(value);
}

/** What one card costs on an offer, in cents rounded to the cent; null for a free offer. */
export function pricePerCardCents(offer: PlanOffer): number | null {
  if (offer.priceCents === 0 || offer.cards === 0) return null;
  return Math.round(offer.priceCents / offer.cards);
}
