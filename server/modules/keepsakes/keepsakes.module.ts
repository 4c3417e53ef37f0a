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
  return { keepsakes };
}
