import type { Platform } from '../../platform/platform.ts';
import { seedDemoCatalogIfEmpty } from '../catalog/catalog-seed.service.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import { createAdminPolicy } from './admin.policy.ts';
import { createAdminRepository } from './admin.repository.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAdminService, DEMO_CATALOG_IMPORTER } from './admin.service.ts';

/**
 * The catalog admin area (DESIGN §1.16) for the accounts of ADMIN_EMAILS. A fresh install's demo catalog comes
 * in through the same import an admin's archive takes.
 */
export async function createAdminModule(
  platform: Platform,
  deps: { catalog: CatalogRepository; currentUser: CurrentUserResolver },
): Promise<void> {
  const { app, config, database, storage, now, log } = platform;
  const admin = createAdminService({
    repository: createAdminRepository({ database, catalog: deps.catalog }),
    catalog: deps.catalog,
    storage,
    now,
  });
  if (config.seedDemoCatalog) {
    await seedDemoCatalogIfEmpty({
      repository: deps.catalog,
      importSource: (source) => admin.importSource(DEMO_CATALOG_IMPORTER, source, 'merge'),
      storage: config,
      now,
      log,
    });
  }
  await registerAdminRoutes(app, {
    admin,
    currentUser: deps.currentUser,
    policy: createAdminPolicy(config.adminEmails),
  });
}
