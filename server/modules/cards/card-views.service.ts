import type { FastifyBaseLogger } from 'fastify';
import type { CardActivity, RaiseViewLimitResponse } from '../../../shared/cards/card-views.contract.ts';
import type { PublicCard } from '../../../shared/cards/cards.contract.ts';
import { isSealed, type SealedCard } from '../../../shared/cards/reveal.contract.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { CREDITS_CHANGED } from '../credits/credit-events.ts';
import { findCardById, loadCardFor, lookUpSharedCard, openedCardOf } from './card-access.ts';
import { CARD_ACTIVITY_CHANGED } from './card-activity-events.ts';
import type { CardViewLimitRepository } from './card-view-limit.repository.ts';
import type { CardViewsRepository } from './card-views.repository.ts';
import { canOpenSharedCard, canUpdateCard, countsAsView, type CardActor } from './cards.policy.ts';
import { presentCard, presentPublicCard, presentSealedCard } from './cards.presenter.ts';
import type { CardRecord, CardsRepository } from './cards.repository.ts';
import { viewLimitOfferOf } from './view-limit.ts';

export type CardViewsService = ReturnType<typeof createCardViewsService>;

/**
 * A shared card as its recipients open it (DESIGN §1.5, §1.7): each device counts once, the owner never,
 * within the view limit of the plan the card was paid on; what each device plays is recorded for the sender,
 * who may also get one email the first time the card is opened, and is told when the card turns a device
 * away at its limit — which they may then raise, once.
 */
export function createCardViewsService(deps: {
  cards: Pick<CardsRepository, 'findById' | 'wasRemoved'>;
  views: CardViewsRepository;
  viewLimits: CardViewLimitRepository;
  users: { findById(userId: string): Promise<UserRecord | undefined> };
  mailer: Pick<Mailer, 'send'>;
  /** Where the sender sees their cards: the link of the emails. */
  myWincsUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells the sender's open pages, on every instance, that a recipient did something new. */
  notifications?: Pick<Notifications, 'publish'>;
}) {
  const { cards, views, viewLimits, users, mailer, myWincsUrl, now, log } = deps;
  const announce = (card: CardRecord) => {
    if (card.userId !== null) deps.notifications?.publish(CARD_ACTIVITY_CHANGED, card.userId);
  };

  const senderOf = async (card: CardRecord) => {
    const owner = card.userId ?? card.authorId;
    return owner === null ? undefined : users.findById(owner);
  };

  async function tellSender(card: CardRecord): Promise<void> {
    const user = await senderOf(card);
    if (!user) return;
    await mailer.send({
      kind: 'card-opened',
      to: user.email,
      language: user.language,
      name: user.name,
      recipientName: card.recipientName,
      url: myWincsUrl,
    });
  }

  /** The one email of a card reaching its view limit, with the raise on offer and where to buy it. */
  async function tellSenderOfLimit(card: CardRecord): Promise<void> {
    const user = await senderOf(card);
    if (!user || card.viewLimit === null) return;
    const url = new URL(myWincsUrl);
    url.searchParams.set('card', card.id);
    await mailer.send({
      kind: 'view-limit-reached',
      to: user.email,
      language: user.language,
      name: user.name,
      recipientName: card.recipientName,
      limit: card.viewLimit,
      offer: viewLimitOfferOf({ ...card, viewLimitReachedAt: now() }),
      url: url.toString(),
    });
  }

  /**
   * A new device was turned away: the first time since the limit was last set, the sender's open pages
   * hear of it, and a sender who asked for the opening email gets one about the limit — once per card, so
   * not again once they raised it.
   */
  async function limitReached(card: CardRecord): Promise<void> {
    if (card.viewLimitReachedAt !== null) return;
    const noted = await views.markLimitReached(card.id, now());
    if (!noted) return;
    announce(card);
    if (noted.notifyOnOpen && !noted.raisedBefore) {
      tellSenderOfLimit(card).catch((error: unknown) =>
        log.error({ err: error, cardId: card.id }, 'card views: the view-limit email failed'),
      );
    }
  }

  return {
    /**
     * The card behind a share link (DESIGN §1.5): anyone may open a paid card and only its public fields
     * leave; an unpaid card is `card-not-ready`, a card its owner deleted `card-removed` and an id that
     * never was a card's `card-not-found`. A device other than the owner's counts as a view the first time
     * (its id comes from `device`, asked only then); past the card's limit a new device gets
     * `card-view-limit`, while one that opened it before always may again.
     */
    async openSharedCard(
      actor: CardActor,
      cardId: string,
      device: () => string,
    ): Promise<PublicCard | SealedCard> {
      const card = openedCardOf(await lookUpSharedCard(cards, cardId));
      // Before its reveal the card is sealed for everyone holding the link (DESIGN §1.22): nothing is
      // counted, and nothing but the cover, the names and the time leaves.
      if (card.revealAt !== null && isSealed(card, now()))
        return presentSealedCard({ ...card, revealAt: card.revealAt });
      if (!countsAsView(actor, card)) return presentPublicCard(card);
      const outcome = await views.recordOpening({ cardId: card.id, deviceId: device(), at: now() });
      if (outcome === 'limit-reached') {
        await limitReached(card);
        throw new AppError('card-view-limit');
      }
      if (outcome !== 'again') announce(card);
      if (outcome === 'first' && (await views.claimOpenNotice(card.id, now()))) {
        // The recipient is not kept waiting for the sender's email, nor refused because of it.
        tellSender(card).catch((error: unknown) =>
          log.error({ err: error, cardId: card.id }, 'card views: the first-opening email failed'),
        );
      }
      return presentPublicCard(card);
    },

    /**
     * What a recipient's device played (the greeting heard, the video watched, the voice message played), the
     * first time it does; from anyone else — the owner, a device that never opened the card — nothing.
     */
    async recordActivity(
      actor: CardActor,
      cardId: string,
      deviceId: string | null,
      activity: CardActivity,
    ): Promise<void> {
      if (deviceId === null) return;
      const card = await findCardById(cards, cardId);
      if (!card || !canOpenSharedCard(card) || !countsAsView(actor, card) || isSealed(card, now())) return;
      if (await views.recordActivity({ cardId: card.id, deviceId, activity, at: now() })) announce(card);
    },

    /**
     * The owner raises their card's view limit (docs/decisions/0033-walk-through-fixes.md): to the next plan's
     * limit, for the credits it costs, once the card turned a device away, once per card — the device turned
     * away can open it then. A guest must sign in (`unauthenticated`); someone else's card is
     * `card-not-found`; a second raise, also one sent at the same time, `view-limit-raised` and charges
     * nothing; a card with nothing to raise `view-limit-not-raisable`; too small a balance
     * `insufficient-credits`.
     */
    async raiseViewLimit(actor: CardActor, cardId: string): Promise<RaiseViewLimitResponse> {
      const { userId } = actor;
      if (userId === null) throw new AppError('unauthenticated');
      const card = await loadCardFor(cards, actor, cardId, canUpdateCard);
      if (card.viewLimitRaisedAt !== null) throw new AppError('view-limit-raised');
      const offer = viewLimitOfferOf(card);
      if (offer === null || card.viewLimit === null) throw new AppError('view-limit-not-raisable');
      const outcome = await viewLimits.raise({
        cardId: card.id,
        userId,
        from: card.viewLimit,
        limit: offer.limit,
        cost: offer.credits,
        at: now(),
      });
      if (outcome.status === 'insufficient-credits') throw new AppError('insufficient-credits');
      if (outcome.status === 'unchanged') throw new AppError('view-limit-raised');
      deps.notifications?.publish(CREDITS_CHANGED, userId);
      announce(outcome.card);
      return { card: presentCard(outcome.card), credits: outcome.balanceAfter };
    },
  };
}
