import type { Platform } from '../../platform/platform.ts';
import type { CatalogModule } from '../catalog/catalog.module.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import { registerKeepsakesRoutes } from './keepsakes.routes.ts';
import { createKeepsakesService } from './keepsakes.service.ts';

/** Keepsakes (DESIGN §1.21): a shared card saved for good, as a PDF. */
export function createKeepsakesModule(
  platform: Platform,
  deps: {
    cards: Pick<CardsModule, 'sharedCards' | 'ownedCards'>;
    catalog: Pick<CatalogModule, 'templateImages'>;
    actors: CardActorResolver;
  },
) {
  const keepsakes = createKeepsakesService({
    sharedCards: deps.cards.sharedCards,
    ownedCards: deps.cards.ownedCards,
    covers: deps.catalog.templateImages,
    storage: platform.storage,
    origin: platform.origin,
    log: platform.log,
  });
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
