/**
 * How a card speaks to whoever opens it, where a language tells the two apart (Russian "ты" and "вы"): one
 * register for everything on the card's page, its link preview and its greeting (docs/decisions/0033).
 * The card stores no relationship, so its own words decide: the sender's message, written or generated for
 * the relationship, says "вы" to a teacher or a couple and "ты" to a friend.
 */
export const ADDRESS_FORMS = ['informal', 'formal'] as const;
export type AddressForm = (typeof ADDRESS_FORMS)[number];

/** "ты" in every case, and its possessive. */
const INFORMAL = /(?<!\p{L})(ты|тебя|тебе|тобой|тобою|тво[йяеёию]\p{L}*)(?!\p{L})/iu;
/** "вы" in every case, and its possessive: one person addressed politely, or several people. */
const FORMAL = /(?<!\p{L})(вы|вас|вам|вами|ваш\p{L}*)(?!\p{L})/iu;

/**
 * An invitation speaks "вы": it is written to its guests, often many. A card speaks "вы" when its message
 * does and never says "ты"; otherwise "ты", since a greeting card mostly goes to someone close, greeted by
 * first name.
 */
export function addressFormOf(card: { message: string; invitation: unknown }): AddressForm {
  if (card.invitation) return 'formal';
  return FORMAL.test(card.message) && !INFORMAL.test(card.message) ? 'formal' : 'informal';
}
