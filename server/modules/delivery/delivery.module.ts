import { DELIVERY_EVENT, linkPreviewApi } from '../../../shared/api-paths.ts';
import type { ScheduleDeliveryRequest, DeliveryLog } from '../../../shared/delivery/delivery.contract.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages.ts';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import type { CreditsModule } from '../credits/credits.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import { createDeliveriesRepository } from './deliveries.repository.ts';
import { deliveryLogOf, type DeliveryEventSource } from './delivery-log.ts';
import { registerDeliveryRoutes } from './delivery.routes.ts';
import { createDeliveryService, DELIVERY_CHANGED, type DeliveryGuests } from './delivery.service.ts';
import { deliveryUnsubscribePage } from './unsubscribe-page.ts';

export type DeliveryModule = ReturnType<typeof createDeliveryModule>;

/** What the routes ask of the module: the owner's log and sending, the recipients' unsubscribe pages. */
export interface DeliveryPages {
  logFor(actor: CardActor, cardId: string): Promise<DeliveryLog>;
  schedule(actor: CardActor, cardId: string, input: ScheduleDeliveryRequest): Promise<DeliveryLog>;
  mailGuests(actor: CardActor, cardId: string): Promise<number>;
  unsubscribePage(token: string, action: string): Promise<string>;
  unsubscribe(token: string): Promise<string>;
}

/**
 * Delivery by email (DESIGN §1.22): the sender mails the card's link to its recipient (an invitation to its
 * guests), now or at its reveal time while it is sealed (DESIGN §1.22), exactly once; the card's delivery log for its owner, live on
 * their stream; the recipients' one-click unsubscribe from every card Winc mails.
 */
export function createDeliveryModule(
  platform: Platform,
  deps: {
    cards: Pick<
      CardsModule,
      'sharedCards' | 'ownedCards' | 'linkPreviews' | 'firstOpenedAt' | 'beforeDeleted' | 'whenRevealChanged'
    >;
    credits: Pick<CreditsModule, 'alsoStream'>;
    guests: DeliveryGuests;
    actors: CardActorResolver;
  },
) {
  const { app, database, jobs, mailer, notifications, origin, now, log } = platform;
  const repository = createDeliveriesRepository(database);
  const deliveries = createDeliveryService({
    repository,
    database,
    jobs,
    mailer,
    cards: deps.cards.sharedCards,
    guests: deps.guests,
    previews: deps.cards.linkPreviews,
    notifications,
    origin,
    now,
    log,
  });

  // Opened: the card's first view for its recipient; a guest's own link for a guest.
  const sources: DeliveryEventSource[] = [
    {
      async eventsOf(card) {
        const events: { guestId: string | null; kind: 'opened'; at: Date }[] = [];
        const first = await deps.cards.firstOpenedAt(card.id);
        if (first) events.push({ guestId: null, kind: 'opened', at: first });
        if (card.invitation) {
          for (const guest of await deps.guests.listOf(card)) {
            if (guest.openedAt) events.push({ guestId: guest.id, kind: 'opened', at: guest.openedAt });
          }
        }
        return events;
      },
    },
  ];

  /** Unsubscribe tokens are 22 base64url characters; anything else is never looked up. */
  const findByToken = (token: string) =>
    /^[A-Za-z0-9_-]{22}$/.test(token) ? repository.findByToken(token) : Promise.resolve(undefined);

  async function ownedPaid(actor: CardActor, cardId: string): Promise<CardRecord> {
    const card = await deps.cards.ownedCards.find(actor, cardId);
    if (!card.isPaid) throw new AppError('card-not-ready');
    return card;
  }

  const logOf = async (card: CardRecord) =>
    deliveryLogOf(
      card,
      await repository.listOf(card.id),
      sources,
      `${origin}${linkPreviewApi.page(card.id)}`,
    );

  /**
   * When a card's mail goes: at its reveal time while it is sealed (the mail must not arrive before the link
   * opens), else at the time asked for, else now.
   */
  const sendTimeOf = (card: CardRecord, requested?: Date): Date => {
    const earliest = card.revealAt && card.revealAt > now() ? card.revealAt : now();
    return requested && requested > earliest ? requested : earliest;
  };

  const pages: DeliveryPages = {
    async logFor(actor, cardId) {
      return logOf(await deps.cards.ownedCards.find(actor, cardId));
    },
    async schedule(actor, cardId, input) {
      const card = await ownedPaid(actor, cardId);
      await deliveries.schedule(card, {
        address: input.address,
        at: sendTimeOf(card, input.at ? new Date(input.at) : undefined),
      });
      return logOf(card);
    },
    async mailGuests(actor, cardId) {
      const card = await ownedPaid(actor, cardId);
      if (!card.invitation) throw new AppError('card-not-found');
      return deliveries.scheduleGuests(card, sendTimeOf(card));
    },
    async unsubscribePage(token, action) {
      const delivery = await findByToken(token);
      if (!delivery) return deliveryUnsubscribePage(DEFAULT_LANGUAGE, null, null);
      const card = await deps.cards.sharedCards.find(delivery.cardId);
      return deliveryUnsubscribePage(card?.language ?? DEFAULT_LANGUAGE, delivery.address, action);
    },
    async unsubscribe(token) {
      const delivery = await findByToken(token);
      if (!delivery) return deliveryUnsubscribePage(DEFAULT_LANGUAGE, null, null);
      await repository.suppress(delivery.address, now());
      const card = await deps.cards.sharedCards.find(delivery.cardId);
      return deliveryUnsubscribePage(card?.language ?? DEFAULT_LANGUAGE, delivery.address, null);
    },
  };
  registerDeliveryRoutes(app, { pages, actors: deps.actors });

  // A deleted card's mails that have not left never go.
  deps.cards.beforeDeleted((card) => deliveries.cancel(card));
  // The sender moved or cancelled the reveal: the mails not sent yet go at the new moment (now, if cancelled).
  deps.cards.whenRevealChanged((card) => deliveries.moveTo(card, sendTimeOf(card)));

  // A `card-delivery` event on the owner's stream whenever one of their cards' deliveries moved on.
  const live = createLivePoll<string>({
    read: (userIds) => repository.stampsOf(userIds),
    stampOf: (stamp) => stamp,
    log,
    name: 'live deliveries',
    notifications: { hub: notifications, topic: DELIVERY_CHANGED },
  });
  app.addHook('onClose', async () => live.close());
  deps.credits.alsoStream((userId) => async (send) => {
    const stamp = (await repository.stampsOf([userId])).get(userId) ?? null;
    return live.subscribe(userId, stamp, () => send(DELIVERY_EVENT, {}));
  });

  return {
    /** Mails the card to `address` at `at` (now for "send now"). */
    schedule: (card: CardRecord, input: { address: string; at: Date }) => deliveries.schedule(card, input),
    /** The card's mails not sent yet go at `at` (its reveal time moved). */
    moveTo: (card: CardRecord, at: Date) => deliveries.moveTo(card, at),
    /** The card's mails not sent yet are dropped. */
    cancel: (card: CardRecord) => deliveries.cancel(card),
    /** Adds events another module knows (a reply) to the delivery log. */
    addEventSource(source: DeliveryEventSource): void {
      sources.push(source);
    },
  };
}
