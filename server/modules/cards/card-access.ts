import { AppError } from '../../platform/http/app-error.ts';
import { canOpenSharedCard, type CardActor } from './cards.policy.ts';
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

/**
 * What a share link leads to (DESIGN §1.5): a card anyone holding the link may open, a card not paid yet, a
 * card its owner deleted, or nothing (an id that never was a card's, or cannot be one).
 */
export type SharedCardLookup =
  | { state: 'shared'; card: CardRecord }
  | { state: 'not-ready'; card: CardRecord }
  | { state: 'removed' }
  | { state: 'unknown' };

/** The card behind a share link, or what became of it. */
export async function lookUpSharedCard(
  repository: Pick<CardsRepository, 'findById' | 'wasRemoved'>,
  id: string,
): Promise<SharedCardLookup> {
  const card = await findCardById(repository, id);
  if (card) return canOpenSharedCard(card) ? { state: 'shared', card } : { state: 'not-ready', card };
  if (canBeCardId(id) && (await repository.wasRemoved(id))) return { state: 'removed' };
  return { state: 'unknown' };
}

const LINK_ERRORS = {
  'not-ready': 'card-not-ready',
  removed: 'card-removed',
  unknown: 'card-not-found',
} as const;

/** A share link's card when it may be opened; otherwise the answer that says why it cannot. */
export function openedCardOf(lookup: SharedCardLookup): CardRecord {
  if (lookup.state === 'shared') return lookup.card;
  throw new AppError(LINK_ERRORS[lookup.state]);
}
