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
     * At sign-up: remembers the guest session of the browser that signed up (`guestSessionId` comes only
     * from a verified guest cookie), so its cards reach the account even when another browser finishes the
     * sign-up. The cards stay the guest's until then: a mistyped address loses nothing.
     */
    async rememberAtSignUp(guestSessionId: string | null, userId: string): Promise<void> {
      if (guestSessionId) await repository.rememberSignupGuestSession(userId, guestSessionId, now());
    },

    /**
     * A later sign-up took over an account nobody verified yet: its browser's guest session (or none)
     * replaces the one remembered, so the cards that reach the account are those of whoever set the password
     * the account now has.
     */
    async replaceAtSignUp(guestSessionId: string | null, userId: string): Promise<void> {
      await repository.replaceSignupGuestSession(userId, guestSessionId, now());
    },

    /**
     * When a session starts: the cards of this browser's guest session and of the one the account was signed
     * up from move to the user. Answers how many moved.
     */
    async transferOnSignIn(guestSessionId: string | null, userId: string): Promise<number> {
      const fromBrowser = await this.transferToUser(guestSessionId, userId);
      const signedUpFrom = await repository.takeSignupGuestSession(userId);
      return fromBrowser + (await this.transferToUser(signedUpFrom, userId));
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
      const transferred = await this.transferOnSignIn(guestSessionId, userId);
      if (!cardId) return { transferred, cardId: null };
      const card = await repository.findOwnership(cardId);
      return { transferred, cardId: cardBelongsTo(card, userId) ? cardId : null };
    },
  };
}
