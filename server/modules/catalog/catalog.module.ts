import type { Platform } from '../../platform/platform.ts';
import { createCatalogAnswers } from './catalog-answers.cache.ts';
import { registerCatalogPageRoutes } from './catalog-pages.routes.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { createCatalogService } from './catalog.service.ts';
import { registerTemplateImageRoutes } from './template-image.routes.ts';
import { createTemplateImageService } from './template-image.service.ts';

export type CatalogModule = ReturnType<typeof createCatalogModule>;

/**
 * The public catalog: its answers (cached, renewed when any instance changes the catalog), the catalog pages
 * the server renders, and template artwork in the sizes pages need.
 */
export function createCatalogModule(
  platform: Platform,
  options: {
    /** How often the answers check for another instance's catalog change (2 s); tests shorten it. */
    checkIntervalMs?: number | undefined;
  } = {},
) {
  const { app, database, notifications, storage, config, pages, now, log } = platform;
  const repository = createCatalogRepository(database, notifications);
  const catalog = createCatalogService({ repository, now });
  const templateImages = createTemplateImageService({ repository, storage, cacheDir: config.cacheDir });
  const answers = createCatalogAnswers({
    catalog,
    versions: repository,
    now,
    log,
    ...(options.checkIntervalMs === undefined ? {} : { checkIntervalMs: options.checkIntervalMs }),
  });
  registerCatalogRoutes(app, answers);
  registerCatalogPageRoutes(app, { answers, pages, origin: platform.origin });
  registerTemplateImageRoutes(app, templateImages, storage);

  return {
    /** The catalog's rows, for the admin area that changes them. */
    repository,
    catalog,
    templateImages,
  };
}
