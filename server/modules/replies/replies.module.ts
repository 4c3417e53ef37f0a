import { CARD_REPLIES_EVENT } from '../../../shared/api-paths.ts';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import { createViewerCookie } from '../cards/viewer-cookie.ts';
import type { CreditsModule } from '../credits/credits.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { createAbandonedReplyUploads } from './abandoned-reply-uploads.service.ts';
import { createReplyMails } from './reply-mails.ts';
import { registerReplyUploadRoutes } from './reply-uploads.routes.ts';
import { createRepliesRepository } from './replies.repository.ts';
import { registerRepliesRoutes } from './replies.routes.ts';
import { CARD_REPLIES_CHANGED, createRepliesService, type GuestLinks } from './replies.service.ts';

/**
 * Replies (DESIGN §1.21): the recipient of a shared card, or an invitation's guest, answers the sender with a
 * reaction, a text, or a voice or video note (resumable, like the sender's media); the owner sees them live in
 * My WINCS and gets a mail per reply unless turned off.
 */
export async function createRepliesModule(
  platform: Platform,
  deps: {
    cards: Pick<CardsModule, 'sharedCards' | 'ownedCards' | 'beforeDeleted' | 'removeWithCards' | 'uploads'>;
    credits: Pick<CreditsModule, 'alsoStream'>;
    guestLinks: GuestLinks;
    users: Pick<UsersRepository, 'findById'>;
    actors: CardActorResolver;
  },
) {
  const { app, database, storage, rateLimiter, notifications, jobs, mailer, origin, now, log } = platform;
  const repository = createRepliesRepository(database);
  const mails = createReplyMails({
    jobs,
    repository,
    cards: deps.cards.sharedCards,
    users: deps.users,
    mailer,
    origin,
    now,
  });
  const replies = createRepliesService({
    repository,
    database,
    sharedCards: deps.cards.sharedCards,
    ownedCards: deps.cards.ownedCards,
    guestLinks: deps.guestLinks,
    storage,
    rateLimiter,
    notifications,
    scheduleMail: (trx, reply) => mails.schedule(trx, reply),
    now,
    log,
  });
  deps.cards.beforeDeleted((card) => replies.cardDeleted(card.id));
  deps.cards.removeWithCards((trx, cardIds) => repository.mediaPathsOfCards(trx, cardIds));

  const viewerCookie = createViewerCookie({ secure: platform.secureCookies });
  registerRepliesRoutes(app, { replies, mails, actors: deps.actors, viewerCookie, storage });
  await registerReplyUploadRoutes(app, {
    replies,
    viewerCookie,
    datastore: deps.cards.uploads.datastore,
    locker: deps.cards.uploads.locker,
    secureCookies: platform.secureCookies,
  });

  // A `card-replies` event on the owner's live channel whenever a reply on one of their cards landed, went or
  // was seen, on whichever instance.
  const live = createLivePoll<string>({
    read: (userIds) => repository.stampsOf(userIds),
    stampOf: (stamp) => stamp,
    log,
    name: 'live card replies',
    notifications: { hub: notifications, topic: CARD_REPLIES_CHANGED },
  });
  app.addHook('onClose', async () => live.close());
  deps.credits.alsoStream((userId) => async (send) => {
    const stamp = (await repository.stampsOf([userId])).get(userId) ?? null;
    return live.subscribe(userId, stamp, () => send(CARD_REPLIES_EVENT, {}));
  });

  const abandoned = createAbandonedReplyUploads({
    repository,
    removeBytes: (uploadId) => deps.cards.uploads.datastore.remove(uploadId),
    now,
  });
  return {
    /** The owner's new replies per card, as `GET /api/my-wincs/new-replies` answers `cards`. */
    newCounts: (actor: CardActor) => replies.newCounts(actor),
    /** The housekeeping's part: notes' uploads never finished, and the records of finished ones. */
    forgetOldUploads: (): Promise<number> => abandoned.forget(),
    /** The delivery log's "replied": when the card's recipient, or each guest, first answered. */
    deliveryEvents: {
      async eventsOf(card: { id: string }) {
        return (await repository.firstRepliesOf(card.id)).map((first) => ({
          guestId: first.guestId,
          kind: 'replied' as const,
          at: first.at,
        }));
      },
    },
  };
}
