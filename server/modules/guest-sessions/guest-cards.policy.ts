import type { CardOwnership } from './guest-cards.repository.ts';

/** A card belongs to a user when they are its user or its author (SPEC §6: My WINCS matches either). */
export function cardBelongsTo(card: CardOwnership | undefined, userId: string): boolean {
  return card !== undefined && !card.isGuestCard && (card.userId === userId || card.authorId === userId);
}
