import { describe, expect, it } from 'vitest';
import {
  currentPlanOf,
  guestLimitOf,
  includesAdvancedAi,
  paidOfferOf,
  raisedViewLimitOf,
  tierAfterPurchase,
  viewLimitOf,
} from './plans.ts';

describe('plans (SPEC §9, DESIGN §1.9)', () => {
  it('grants the printed credits for each offer', () => {
    expect(paidOfferOf('plus', 'monthly')).toMatchObject({ priceCents: 500, cards: 18, creditsToAdd: 550 });
    expect(paidOfferOf('premium', 'monthly')).toMatchObject({
      priceCents: 1500,
      cards: 55,
      creditsToAdd: 1650,
    });
    expect(paidOfferOf('plus', 'bulk')).toMatchObject({ priceCents: 2500, cards: 220, creditsToAdd: 6600 });
    expect(paidOfferOf('premium', 'bulk')).toMatchObject({
      priceCents: 5000,
      cards: 660,
      creditsToAdd: 19800,
    });
  });

  it('has nothing to buy on the free plan', () => {
    expect(paidOfferOf('free', 'monthly')).toBeNull();
    expect(paidOfferOf('free', 'bulk')).toBeNull();
  });

  it('names the tier after a purchase {tierId}_{cycle} and reads it back', () => {
    expect(tierAfterPurchase('premium', 'bulk')).toBe('premium_bulk');
    expect(currentPlanOf('plus_monthly')).toEqual({ planId: 'plus', cycle: 'monthly' });
    expect(currentPlanOf('free')).toEqual({ planId: 'free', cycle: null });
    expect(currentPlanOf('something-else')).toEqual({ planId: 'free', cycle: null });
  });

  it('gives each tier the view limit its plan prints (DESIGN §1.7)', () => {
    expect(viewLimitOf('free')).toBe(2);
    expect(viewLimitOf('plus_monthly')).toBe(4);
    expect(viewLimitOf('plus_bulk')).toBe(4);
    expect(viewLimitOf('premium_monthly')).toBe(8);
    expect(viewLimitOf('premium_bulk')).toBe(8);
    expect(viewLimitOf('something-else')).toBe(2);
  });

  it("limits an invitation's guests by the plan it was paid on (DESIGN §1.20): Free 20, Plus 100, Premium 500", () => {
    expect(guestLimitOf('free')).toBe(20);
    expect(guestLimitOf('plus_monthly')).toBe(100);
    expect(guestLimitOf('plus_bulk')).toBe(100);
    expect(guestLimitOf('premium_monthly')).toBe(500);
    expect(guestLimitOf('premium_bulk')).toBe(500);
    expect(guestLimitOf('something-else')).toBe(20);
  });

  it('gives multilingual and advanced AI to Plus and Premium only (DESIGN §1.18)', () => {
    expect(includesAdvancedAi(null)).toBe(false);
    expect(includesAdvancedAi('free')).toBe(false);
    expect(includesAdvancedAi('plus_monthly')).toBe(true);
    expect(includesAdvancedAi('premium_bulk')).toBe(true);
  });

  it("raises a card's view limit to the next plan's: Free 2 → 4, Plus 4 → 8, none past Premium's 8", () => {
    expect(raisedViewLimitOf(2)).toBe(4);
    expect(raisedViewLimitOf(4)).toBe(8);
    expect(raisedViewLimitOf(8)).toBeNull();
    expect(raisedViewLimitOf(null)).toBeNull();
  });
});
