import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { normalizeCatalogSource } from './catalog-source.ts';

/**
 * A fresh install gets the generated demo catalog, so the app is browsable with no set-up. An existing
 * catalog (any category) is never touched. The artwork goes through `storage`, so it lands wherever files live
 * (local disk or the S3 bucket).
 */
export async function seedDemoCatalogIfEmpty(deps: {
  repository: CatalogRepository;
  storage: FileStorage;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  if (!(await deps.repository.isEmpty())) return false;
  const started = performance.now();
  deps.log.info('the catalog is empty: generating the demo catalog (first start only)');
  // Loaded only here: the generator (fonts, artwork) is needed once per install, not on every start.
  const { generateDemoCatalog } = await import('./demo/generate-demo-catalog.ts');
  const source = await generateDemoCatalog({
    storage: deps.storage,
    now: deps.now(),
    log: (message: string) => deps.log.debug(message),
  });
  const catalog = normalizeCatalogSource(source, deps.now());
  await deps.repository.insertCatalog(catalog);
  deps.log.info(
    {
      categories: catalog.categories.length,
      templates: catalog.templates.length,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    },
    'demo catalog ready',
  );
  return true;
}
