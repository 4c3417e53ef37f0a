import type { Platform } from '../../platform/platform.ts';
import type { CatalogModule } from '../catalog/catalog.module.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import { createKeepsakeFilesRepository } from './keepsake-files.repository.ts';
import { registerKeepsakesRoutes } from './keepsakes.routes.ts';
import { createKeepsakesService } from './keepsakes.service.ts';

/** Keepsakes (DESIGN §1.21): a shared card saved for good, as a PDF kept in storage while the card lives. */
export function createKeepsakesModule(
  platform: Platform,
  deps: {
    cards: Pick<CardsModule, 'sharedCards' | 'ownedCards' | 'beforeDeleted' | 'removeWithCards'>;
    catalog: Pick<CatalogModule, 'templateImages'>;
    actors: CardActorResolver;
  },
) {
  const files = createKeepsakeFilesRepository(platform.database);
  const keepsakes = createKeepsakesService({
    sharedCards: deps.cards.sharedCards,
    ownedCards: deps.cards.ownedCards,
    covers: deps.catalog.templateImages,
    storage: platform.storage,
    files,
    origin: platform.origin,
    now: platform.now,
    log: platform.log,
  });
  // A card's PDFs go with it, deleted on its own or with its account.
  deps.cards.beforeDeleted((card) => keepsakes.cardDeleted(card.id));
  deps.cards.removeWithCards((trx, cardIds) => files.keysOfCards(trx, cardIds));
  registerKeepsakesRoutes(platform.app, { keepsakes, actors: deps.actors });
  // Once the server listens (not in tests that only inject), the PDF's code and fonts are loaded in the
  // background, so the first keepsake after a start does not pay for them (decision 0038).
  platform.app.addHook('onListen', async () => {
    setImmediate(() => {
      keepsakes
        .warmUp()
        .catch((error: unknown) => platform.log.warn({ err: error }, 'keepsake warm-up failed'));
    });
  });
  return { keepsakes };
}
