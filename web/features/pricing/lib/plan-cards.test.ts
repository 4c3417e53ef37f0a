import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, heldPlan, planCards, pricePerCardCents } from './plan-cards.ts';

const signedOut = { signedIn: false, tier: null };
const member = (tier: string) => ({ signedIn: true, tier });

describe('planCards', () => {
  it('shows Free, Plus and Premium with SPEC §9 monthly prices, credits and limits', () => {
    const cards = planCards('monthly', signedOut);
    expect(cards.map((card) => card.planId)).toEqual(['free', 'plus', 'premium']);
    expect(cards.map((card) => card.offer.priceCents)).toEqual([0, 500, 1500]);
    expect(cards.map((card) => card.offer.creditsToAdd)).toEqual([90, 550, 1650]);
    expect(cards.map((card) => card.popular)).toEqual([false, true, false]);
    expect(cards.map((card) => card.priceCycle)).toEqual(['monthly', 'monthly', 'monthly']);
    expect(cards[0]!.features).toEqual([
      { key: 'freeCards', count: 3 },
      { key: 'viewLimit', count: 2 },
      { key: 'guestLimit', count: 20 },
      { key: 'standardVoice' },
      { key: 'basicConversation' },
      { key: 'faceUnlock' },
    ]);
    expect(cards[1]!.features).toEqual([
      { key: 'cardsPerMonth', count: 18 },
      { key: 'viewLimit', count: 4 },
      { key: 'guestLimit', count: 100 },
      { key: 'multilingual', count: 3 },
      { key: 'basicConversation' },
      { key: 'standardVoice' },
      { key: 'faceUnlock' },
    ]);
    expect(cards[2]!.features.slice(0, 3)).toEqual([
      { key: 'cardsPerMonth', count: 55 },
      { key: 'viewLimit', count: 8 },
      { key: 'guestLimit', count: 500 },
    ]);
  });

  it("promises Plus and Premium the provider's model and voice only where the server has them", () => {
    const withProviders = planCards('monthly', signedOut, { writer: true, voice: true });
    for (const paid of withProviders.slice(1)) {
      expect(paid.features.map((feature) => feature.key)).toContain('advancedConversation');
      expect(paid.features.map((feature) => feature.key)).toContain('naturalVoice');
    }
    const writerOnly = planCards('bulk', signedOut, { writer: true, voice: false })[2]!.features;
    expect(writerOnly.map((feature) => feature.key)).toEqual(
      expect.arrayContaining(['advancedConversation', 'standardVoice']),
    );
    expect(writerOnly.map((feature) => feature.key)).not.toContain('naturalVoice');
    // Free is the same wherever it runs.
    expect(withProviders[0]!.features).toEqual(planCards('monthly', signedOut)[0]!.features);
  });

  it('shows the bulk packs, and Free as not available as a pack but still with its contents', () => {
    const cards = planCards('bulk', signedOut);
    expect(cards.map((card) => card.offer.priceCents)).toEqual([0, 2500, 5000]);
    expect(cards.map((card) => card.offer.creditsToAdd)).toEqual([90, 6600, 19800]);
    expect(cards.map((card) => card.availableInCycle)).toEqual([false, true, true]);
    expect(cards.map((card) => card.priceCycle)).toEqual(['monthly', 'bulk', 'bulk']);
    expect(cards[1]!.features[0]).toEqual({ key: 'cardsInPack', count: 220 });
    // A pack's invitations take the plan's guest limit like its monthly plan's.
    expect(cards[1]!.features).toContainEqual({ key: 'guestLimit', count: 100 });
    expect(cards[2]!.features).toContainEqual({ key: 'guestLimit', count: 500 });
    expect(cards[2]!.features[0]).toEqual({ key: 'cardsInPack', count: 660 });
    expect(cards[0]!.features[0]).toEqual({ key: 'freeCards', count: 3 });
  });

  it('invites a signed-out visitor to start free or buy, with nothing marked current', () => {
    for (const cycle of ['monthly', 'bulk'] as const) {
      const cards = planCards(cycle, signedOut);
      expect(cards.map((card) => card.action)).toEqual(['start-free', 'buy', 'buy']);
      expect(cards.some((card) => card.current)).toBe(false);
    }
  });

  it('marks Free current for a free member in both views', () => {
    for (const cycle of ['monthly', 'bulk'] as const) {
      const cards = planCards(cycle, member('free'));
      expect(cards.map((card) => card.action)).toEqual(['current', 'buy', 'buy']);
      expect(cards.map((card) => card.current)).toEqual([true, false, false]);
    }
  });

  it('marks a paid plan current only in the cycle it was bought in', () => {
    const bulk = planCards('bulk', member('plus_bulk'));
    expect(bulk.map((card) => card.current)).toEqual([false, true, false]);
    // A pack held can be bought again.
    expect(bulk.map((card) => card.action)).toEqual(['none', 'buy', 'buy']);
    expect(planCards('monthly', member('plus_bulk')).map((card) => card.action)).toEqual([
      'none',
      'buy',
      'buy',
    ]);
    expect(planCards('monthly', member('premium_monthly')).map((card) => card.current)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('offers the other monthly plan as a switch, and nothing else', () => {
    expect(planCards('monthly', member('plus_monthly')).map((card) => card.switching)).toEqual([
      false,
      false,
      true,
    ]);
    expect(planCards('bulk', member('plus_monthly')).some((card) => card.switching)).toBe(false);
    expect(planCards('monthly', member('plus_bulk')).some((card) => card.switching)).toBe(false);
  });

  it('treats an unknown tier as Free', () => {
    expect(planCards('monthly', member('gold')).map((card) => card.action)).toEqual([
      'current',
      'buy',
      'buy',
    ]);
  });
});

describe('heldPlan', () => {
  it('names the paid plan and cycle, or nothing', () => {
    expect(heldPlan(member('premium_bulk'))).toEqual({ planId: 'premium', cycle: 'bulk' });
    expect(heldPlan(member('free'))).toBeNull();
    expect(heldPlan(signedOut)).toBeNull();
  });
});

describe('formatPrice', () => {
  it('drops the cents of whole dollars and keeps them otherwise', () => {
    expect(formatPrice(0, 'en')).toBe('$0');
    expect(formatPrice(500, 'en')).toBe('$5');
    expect(formatPrice(2500, 'en')).toBe('$25');
    expect(formatPrice(28, 'en')).toBe('$0.28');
  });

  it('follows the language, always with Latin digits', () => {
    expect(formatPrice(1500, 'ru')).toMatch(/^15\s\$$/);
    expect(formatPrice(1150, 'ru')).toMatch(/^11,50\s\$$/);
    const arabic = formatPrice(5000, 'ar');
    expect(arabic).toContain('50');
    expect(arabic).not.toMatch(/[\u0660-\u0669]/);
  });
});

describe('formatCount', () => {
  it('groups digits per language', () => {
    expect(formatCount(6600, 'en')).toBe('6,600');
    expect(formatCount(19800, 'ru')).toMatch(/^19\s800$/);
    expect(formatCount(6700, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });
});

describe('pricePerCardCents', () => {
  it('divides the price by the cards, rounded to the cent', () => {
    const [free, plus, premium] = planCards('bulk', signedOut);
    expect(pricePerCardCents(free!.offer)).toBeNull();
    expect(pricePerCardCents(plus!.offer)).toBe(11); // $25 / 220
    expect(pricePerCardCents(premium!.offer)).toBe(8); // $50 / 660
    expect(pricePerCardCents(planCards('monthly', signedOut)[1]!.offer)).toBe(28); // $5 / 18
  });
});
