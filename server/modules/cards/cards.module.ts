import type { Transaction } from 'kysely';
import { CARD_ACTIVITY_EVENT } from '../../../shared/api-paths.ts';
import { isSealed } from '../../../shared/cards/reveal.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/platform.ts';
import { createUploadLocker } from '../../platform/storage/upload-locker.ts';
import { createUploadDataStore } from '../../platform/storage/upload-store.ts';
import type { CatalogModule } from '../catalog/catalog.module.ts';
import type { CreditsModule } from '../credits/credits.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { UsersModule } from '../users/users.module.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import { createAbandonedDraftsService } from './abandoned-drafts.service.ts';
import { createCardActivityEvents } from './card-activity-events.ts';
import { createCardFiles } from './card-files.ts';
import { createCardMediaRepository } from './card-media.repository.ts';
import { registerCardMediaRoutes } from './card-media.routes.ts';
import { createCardMediaService } from './card-media.service.ts';
import { registerCardRevealRoutes } from './card-reveal.routes.ts';
import { createCardRevealService } from './card-reveal.service.ts';
import { createCardUnlockRepository } from './card-unlock.repository.ts';
import { createCardViewLimitRepository } from './card-view-limit.repository.ts';
import { registerCardUploadRoutes } from './card-uploads.routes.ts';
import { createCardViewsRepository } from './card-views.repository.ts';
import { registerCardViewsRoutes } from './card-views.routes.ts';
import { createCardViewsService } from './card-views.service.ts';
import { findCardById, loadCardFor, lookUpSharedCard, openedCardOf } from './card-access.ts';
import { canOpenSharedCard, canUpdateCard, type CardActor } from './cards.policy.ts';
import { createCardsRepository, type CardRecord } from './cards.repository.ts';
import { registerCardsRoutes } from './cards.routes.ts';
import { createCardsService } from './cards.service.ts';
import { createLinkPreviewService } from './link-preview.service.ts';
import { registerMyWincsRoutes } from './my-wincs.routes.ts';
import { createMyWincsService } from './my-wincs.service.ts';
import { registerSharePageRoutes } from './share-page.routes.ts';
import { createViewerCookie } from './viewer-cookie.ts';

export type CardsModule = Awaited<ReturnType<typeof createCardsModule>>;

/** The cards anyone holding their link may see (paid ones), for the modules that serve their recipients. */
export interface SharedCards {
  find(cardId: string): Promise<CardRecord | undefined>;
  /**
   * The card when its share link opens it; otherwise the link's own answer: `card-not-ready` (not paid, or
   * sealed until its reveal time),
   * `card-removed` (deleted) or `card-not-found` (never a card).
   */
  open(cardId: string): Promise<CardRecord>;
}

/** The cards an actor may edit, for the modules that act for their owner; others are `card-not-found`. */
export interface OwnedCards {
  find(actor: CardActor, cardId: string): Promise<CardRecord>;
}

/**
 * Cards (WINCS): made by users and guests, their media (in one request or resumable), unlocked with credits,
 * shared as a link whose page the server renders with its preview, opened by recipients (views, live activity
 * for the owner), listed in My WINCS; guest drafts left behind leave with the housekeeping.
 */
export async function createCardsModule(
  platform: Platform,
  deps: {
    catalog: Pick<CatalogModule, 'catalog' | 'templateImages'>;
    credits: Pick<CreditsModule, 'repository' | 'alsoStream'>;
    voice: VoiceService;
    users: UsersRepository;
    /** The account's deletion, which takes the account's cards with it (UsersModule.removeWithAccount). */
    removeWithAccount: UsersModule['removeWithAccount'];
    actors: CardActorResolver;
  },
) {
  const { app, config, database, storage, mailer, rateLimiter, notifications, metrics, pages, origin } =
    platform;
  const { now, log } = platform;
  const { catalog, templateImages } = deps.catalog;
  const { actors } = deps;

  const repository = createCardsRepository(database);
  // A deleted account's cards go with it, and their links say so like those of cards deleted one by one; what
  // other modules keep for those cards goes in the same transaction, its files once it is committed.
  const removedWithCards: Array<(trx: Transaction<DB>, cardIds: string[]) => Promise<string[]>> = [];
  deps.removeWithAccount(async (trx, userId, at) => {
    const cardIds = await repository.idsOfAccount(trx, userId);
    const fileKeys: string[] = [];
    for (const remove of removedWithCards) fileKeys.push(...(await remove(trx, cardIds)));
    return [...fileKeys, ...(await repository.deleteCardsOfAccount(trx, userId, at))];
  });
  const paidListeners: Array<(card: CardRecord) => void> = [];
  const savedListeners: Array<(card: CardRecord, before: CardRecord) => Promise<void>> = [];
  const deleteListeners: Array<(card: CardRecord) => Promise<void>> = [];
  const revealListeners: Array<(card: CardRecord) => Promise<void>> = [];
  const uploadDatastore = await createUploadDataStore(config);
  const files = createCardFiles({
    storage,
    uploads: { remove: (uploadId) => uploadDatastore.remove(uploadId) },
    log,
  });
  const cards = createCardsService({
    repository,
    files,
    unlocks: createCardUnlockRepository({ database, credits: deps.credits.repository }),
    templates: catalog,
    voice: deps.voice,
    rateLimiter,
    now,
    notifications,
    metrics,
    onPaid: (card) => {
      for (const listener of paidListeners) listener(card);
    },
    onSaved: async (card, before) => {
      for (const listener of savedListeners) await listener(card, before);
    },
    beforeDelete: async (card) => {
      for (const listener of deleteListeners) await listener(card);
    },
  });
  registerCardsRoutes(app, { cards, actors });
  const reveals = createCardRevealService({
    cards: repository,
    now,
    onChanged: async (card) => {
      for (const listener of revealListeners) await listener(card);
    },
  });
  registerCardRevealRoutes(app, { reveals, actors });

  const viewsRepository = createCardViewsRepository(database);
  const activity = createCardActivityEvents({ views: viewsRepository, log, notifications });
  app.addHook('onClose', async () => activity.close());
  // A `card-activity` event whenever a recipient opened one of the user's cards or played something in it
  // (DESIGN §1.7), for My WINCS.
  deps.credits.alsoStream((userId) => async (send) => {
    const stamp = await activity.stampOf(userId);
    return activity.subscribe(userId, stamp, () => send(CARD_ACTIVITY_EVENT, {}));
  });
  const views = createCardViewsService({
    cards: repository,
    views: viewsRepository,
    viewLimits: createCardViewLimitRepository({ database, credits: deps.credits.repository }),
    users: deps.users,
    mailer,
    myWincsUrl: `${origin}/my-wincs`,
    now,
    log,
    notifications,
  });
  const linkPreviews = createLinkPreviewService({
    cards: repository,
    covers: templateImages,
    storage,
    origin,
    log,
    now,
  });
  registerSharePageRoutes(app, { previews: linkPreviews, pages, origin });
  registerCardViewsRoutes(app, {
    views,
    actors,
    viewerCookie: createViewerCookie({ secure: platform.secureCookies }),
  });

  const media = createCardMediaService({
    cards: repository,
    media: createCardMediaRepository(database),
    storage,
    rateLimiter,
    now,
    log,
    metrics,
  });
  await registerCardMediaRoutes(app, { media, actors, storage });
  const uploadLocker = await createUploadLocker({ databaseUrl: config.databaseUrl, notifications, log });
  app.addHook('onClose', async () => uploadLocker.close());
  await registerCardUploadRoutes(app, { media, actors, datastore: uploadDatastore, locker: uploadLocker });

  const myWincs = createMyWincsService({ cards: repository, catalog, views: viewsRepository });
  registerMyWincsRoutes(app, { myWincs, actors });

  const abandonedDrafts = createAbandonedDraftsService({
    cards: repository,
    files,
    retentionMs: config.guestRetentionMs,
    now,
  });
  const sharedCards: SharedCards = {
    async find(cardId) {
      const card = await findCardById(repository, cardId);
      return card && canOpenSharedCard(card) ? card : undefined;
    },
    async open(cardId) {
      const card = openedCardOf(await lookUpSharedCard(repository, cardId));
      // Until its reveal the link shows only the sealed cover (DESIGN §1.22): nothing else of the card is handed
      // out, answered to, or kept.
      if (isSealed(card, now())) throw new AppError('card-not-ready');
      return card;
    },
  };
  const ownedCards: OwnedCards = {
    find: (actor, cardId) => loadCardFor(repository, actor, cardId, canUpdateCard),
  };
  return {
    sharedCards,
    ownedCards,
    /** My WINCS' lists (the page that needs the session writes its first screen's into the page). */
    myWincs,
    /** Link previews: an invitation's guests' own links name them; mailed cards show theirs inline. */
    linkPreviews,
    /** When the card was first opened by a recipient; null while nobody did. */
    async firstOpenedAt(cardId: string): Promise<Date | null> {
      const summary = (await viewsRepository.summariesOf([cardId])).get(cardId);
      return summary ? new Date(summary.firstOpenedAt) : null;
    },
    /** Adds a listener told of each card just paid (it must not throw and should not wait). */
    whenPaid: (listener: (card: CardRecord) => void): void => {
      paidListeners.push(listener);
    },
    /** Adds a listener told of a card its owner deletes, before it goes; the deletion waits for it. */
    beforeDeleted: (listener: (card: CardRecord) => Promise<void>): void => {
      deleteListeners.push(listener);
    },
    /**
     * Has `remove` delete what the cards of a deleted account take with them, inside the account's deletion
     * transaction and before the cards; it answers the storage keys of the files to delete once committed.
     */
    removeWithCards: (remove: (trx: Transaction<DB>, cardIds: string[]) => Promise<string[]>): void => {
      removedWithCards.push(remove);
    },
    /** Adds a listener told of each edited card, as saved and as it was; the edit waits for it. */
    whenSaved: (listener: (card: CardRecord, before: CardRecord) => Promise<void>): void => {
      savedListeners.push(listener);
    },
    /**
     * Adds a listener told of each card whose reveal its owner set, moved or cancelled (`revealAt` null: it
     * opens now), as saved; the change waits for it.
     */
    whenRevealChanged: (listener: (card: CardRecord) => Promise<void>): void => {
      revealListeners.push(listener);
    },
    /** The housekeeping's part: guest drafts left untouched past the retention period, with their files. */
    removeAbandonedDrafts: () => abandonedDrafts.removeAbandonedGuestDrafts(),
    /** The resumable uploads' datastore and locker, for other modules' uploads (replies' notes). */
    uploads: { datastore: uploadDatastore, locker: uploadLocker },
    /** The housekeeping's part: resumable uploads never finished. */
    forgetOldUploads: () => media.forgetOldUploads((uploadId) => uploadDatastore.remove(uploadId)),
  };
}
