import { describe, expect, it } from 'vitest';
import { currentPlanOf, paidOfferOf, tierAfterPurchase } from './plans.ts';

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
});
