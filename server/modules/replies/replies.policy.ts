import { isCardOwner, type CardActor, type CardOwnership } from '../cards/cards.policy.ts';

/**
 * Who may read, play and delete a card's replies: its owner only (DESIGN §1.21: "only the sender sees your
 * reply"). The recipient who sent one learns only that it landed.
 */
export function canReadReplies(actor: CardActor, card: CardOwnership): boolean {
  return isCardOwner(actor, card);
}
