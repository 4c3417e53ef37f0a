import type { GuestCardsRepository } from './guest-cards.repository.ts';
import { cardBelongsTo } from './guest-cards.policy.ts';

export type GuestSessionsService = ReturnType<typeof createGuestSessionsService>;

export function createGuestSessionsService(deps: { repository: GuestCardsRepository; now: () => Date }) {
  const { repository, now } = deps;

  return {
    /**
     * Moves the guest session's cards to the user who just signed in (SPEC §4 sign-in flow). `guestSessionId`
     * comes only from a verified guest cookie, so nobody moves another guest's cards.
     */
    async transferToUser(guestSessionId: string | null, userId: string): Promise<number> {
      if (!guestSessionId) return 0;
      return repository.transferGuestCards(guestSessionId, userId, now());
    },

    /**
     * The explicit claim after sign-in: transfers what the caller's guest session still holds, then answers
     * the carried card id only when that card now belongs to the user (the browser goes to checkout with
     * it, else home). A card of another guest stays where it is, whoever knows its id.
     */
    async claim(
      userId: string,
      guestSessionId: string | null,
      cardId: string | undefined,
    ): Promise<{ transferred: number; cardId: string | null }> {
      const transferred = await this.transferToUser(guestSessionId, userId);
      if (!cardId) return { transferred, cardId: null };
      const card = await repository.findOwnership(cardId);
      return { transferred, cardId: cardBelongsTo(card, userId) ? cardId : null };
    },
  };
}
