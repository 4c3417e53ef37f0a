import type { Language } from '../../../shared/i18n/languages.ts';
import { isSealed } from '../../../shared/cards/reveal.contract.ts';
import { includesAdvancedAi } from '../../../shared/payments/plans.ts';
import type { CardRecord } from './cards.repository.ts';

/**
 * Who is asking about a card: the signed-in user, and the guest session of a verified guest cookie (either
 * may be null). `ip` counts requests for the rate limits; `tier` is the user's plan (null for a guest) and
 * `uiLanguage` the language their screen is in.
 */
export interface CardActor {
  userId: string | null;
  guestSessionId: string | null;
  ip: string;
  tier: string | null;
  uiLanguage: Language;
}

export type CardOwnership = Pick<CardRecord, 'userId' | 'authorId' | 'isGuestCard' | 'guestSessionId'>;

/**
 * The owner of a card: the signed-in user it belongs to (userId or authorId, SPEC §6), or the guest session
 * that made it while it is still a guest card (after the transfer only the account has it).
 */
export function isCardOwner(actor: CardActor, card: CardOwnership): boolean {
  const asUser = actor.userId !== null && (card.userId === actor.userId || card.authorId === actor.userId);
  const asGuest =
    actor.guestSessionId !== null && card.isGuestCard && card.guestSessionId === actor.guestSessionId;
  return asUser || asGuest;
}

/**
 * Reading a card in the editor and the overview: its owner only. The recipient's view of a paid card is
 * `canOpenSharedCard`, with its own, smaller set of fields (DESIGN §1.5).
 */
export function canReadCard(actor: CardActor, card: CardOwnership): boolean {
  return isCardOwner(actor, card);
}

/**
 * Opening a card from its share link (the recipient page, DESIGN §1.5): anyone, once the card is paid; the
 * link is the secret. Before that nobody, the owner included: the page shows what the recipient would see.
 */
export function canOpenSharedCard(card: Pick<CardRecord, 'isPaid'>): boolean {
  return card.isPaid;
}

/**
 * Whether someone opening a shared card is one of its views (DESIGN §1.7): anyone but its owner, whose own
 * look at it neither counts nor uses up the recipients' views.
 */
export function countsAsView(actor: CardActor, card: CardOwnership): boolean {
  return !isCardOwner(actor, card);
}

/** Editing a card: its owner only. */
export function canUpdateCard(actor: CardActor, card: CardOwnership): boolean {
  return isCardOwner(actor, card);
}

/** Deleting a card (My WINCS), with its files: its owner only. */
export function canDeleteCard(actor: CardActor, card: CardOwnership): boolean {
  return isCardOwner(actor, card);
}

/**
 * Reading a card's media files: its owner always; anyone with its link once the card is paid and its reveal
 * has come (the recipient's page, DESIGN §1.5, §1.22). An unpaid or still sealed card's files are its owner's
 * only, so a photo or voice cannot be fetched before the moment by a URL guessed or kept from the editor.
 */
export function canReadCardMedia(
  actor: CardActor,
  card: CardOwnership & Pick<CardRecord, 'isPaid' | 'revealAt'>,
  now: Date,
): boolean {
  return isCardOwner(actor, card) || (canOpenSharedCard(card) && !isSealed(card, now));
}

/** Uploading, replacing or removing a card's media: its owner only. */
export function canChangeCardMedia(actor: CardActor, card: CardOwnership): boolean {
  return isCardOwner(actor, card);
}

/**
 * Writing a card in a language (DESIGN §1.17, §1.18): the sender's own UI language for everyone; any other
 * comes with Plus and Premium ('multilingual AI conversation').
 */
export function canUseCardLanguage(
  actor: Pick<CardActor, 'tier' | 'uiLanguage'>,
  language: Language,
): boolean {
  return language === actor.uiLanguage || includesAdvancedAi(actor.tier);
}
