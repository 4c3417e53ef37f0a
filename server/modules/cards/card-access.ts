import { AppError } from '../../platform/http/app-error.ts';
import type { CardActor } from './cards.policy.ts';
import type { CardRecord, CardsRepository } from './cards.repository.ts';

/** Our ids are 22 base64url characters; anything else cannot be a card, and answers like an unknown one. */
const CARD_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether an id can be a card's at all; one that cannot is never looked up, and finds nothing. */
export function canBeCardId(id: string): boolean {
  return CARD_ID_PATTERN.test(id);
}

/** The stored card with this id; an id that cannot be ours is not looked up and finds nothing. */
export async function findCardById(
  repository: Pick<CardsRepository, 'findById'>,
  id: string,
): Promise<CardRecord | undefined> {
  return canBeCardId(id) ? repository.findById(id) : undefined;
}

/**
 * The card when the actor may act on it by the given policy; "not found" and "not yours" are the same
 * answer, `card-not-found` (DESIGN §5).
 */
export async function loadCardFor(
  repository: Pick<CardsRepository, 'findById'>,
  actor: CardActor,
  id: string,
  allowed: (actor: CardActor, card: CardRecord) => boolean,
): Promise<CardRecord> {
  const card = await findCardById(repository, id);
  if (!card || !allowed(actor, card)) throw new AppError('card-not-found');
  return card;
}
