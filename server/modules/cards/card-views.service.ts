import type { FastifyBaseLogger } from 'fastify';
import type { CardActivity } from '../../../shared/cards/card-views.contract.ts';
import type { PublicCard } from '../../../shared/cards/cards.contract.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mail-messages.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { findCardById, lookUpSharedCard, openedCardOf } from './card-access.ts';
import { CARD_ACTIVITY_CHANGED } from './card-activity-events.ts';
import type { CardViewsRepository } from './card-views.repository.ts';
import { canOpenSharedCard, countsAsView, type CardActor } from './cards.policy.ts';
import { presentPublicCard } from './cards.presenter.ts';
import type { CardRecord, CardsRepository } from './cards.repository.ts';

export type CardViewsService = ReturnType<typeof createCardViewsService>;

/**
 * A shared card as its recipients open it (DESIGN §1.5, §1.7): each device counts once, the owner never,
 * within the view limit of the plan the card was paid on; what each device plays is recorded for the sender,
 * who may also get one email the first time the card is opened.
 */
export function createCardViewsService(deps: {
  cards: Pick<CardsRepository, 'findById' | 'wasRemoved'>;
  views: CardViewsRepository;
  users: { findById(userId: string): Promise<UserRecord | undefined> };
  mailer: Pick<Mailer, 'send'>;
  /** Where the sender sees their cards: the link of the email. */
  myWincsUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells the sender's open pages, on every instance, that a recipient did something new. */
  notifications?: Pick<Notifications, 'publish'>;
}) {
  const { cards, views, users, mailer, myWincsUrl, now, log } = deps;
  const announce = (card: CardRecord) => {
    if (card.userId !== null) deps.notifications?.publish(CARD_ACTIVITY_CHANGED, card.userId);
  };

  async function tellSender(card: CardRecord): Promise<void> {
    const owner = card.userId ?? card.authorId;
    const user = owner === null ? undefined : await users.findById(owner);
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

  return {
    /**
     * The card behind a share link (DESIGN §1.5): anyone may open a paid card and only its public fields
     * leave; an unpaid card is `card-not-ready`, a card its owner deleted `card-removed` and an id that
     * never was a card's `card-not-found`. A device other than the owner's counts as a view the first time
     * (its id comes from `device`, asked only then); past the card's limit a new device gets
     * `card-view-limit`, while one that opened it before always may again.
     */
    async openSharedCard(actor: CardActor, cardId: string, device: () => string): Promise<PublicCard> {
      const card = openedCardOf(await lookUpSharedCard(cards, cardId));
      if (!countsAsView(actor, card)) return presentPublicCard(card);
      const outcome = await views.recordOpening({ cardId: card.id, deviceId: device(), at: now() });
      if (outcome === 'limit-reached') throw new AppError('card-view-limit');
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
      if (!card || !canOpenSharedCard(card) || !countsAsView(actor, card)) return;
      if (await views.recordActivity({ cardId: card.id, deviceId, activity, at: now() })) announce(card);
    },
  };
}
