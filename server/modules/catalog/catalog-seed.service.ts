import { fork } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config.ts';
import { entryPoint, entryPointFlags } from '../../platform/entry-points.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogSource, NormalizedCatalog } from './catalog-source.ts';

type GeneratorMessage = { log: string } | { source: CatalogSource } | { error: string };

/** Runs the generator in a child process (see `demo/demo-catalog-process.ts`) and answers the source. */
function generateInChildProcess(
  storage: Pick<AppConfig, 'storageDir' | 's3'>,
  now: Date,
  log: (message: string) => void,
): Promise<CatalogSource> {
  return new Promise((resolve, reject) => {
    // None of this process's flags: an inspector's port, say, is this process's own.
    const generator = entryPoint(import.meta.url, './demo/demo-catalog-process.ts');
    const child = fork(generator, {
      execArgv: entryPointFlags(generator),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.on('message', (message: GeneratorMessage) => {
      if ('log' in message) return log(message.log);
      answered = true;
      if ('source' in message) resolve(message.source);
      else reject(new Error(`the demo catalog could not be generated: ${message.error}`));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!answered) reject(new Error(`the demo catalog generator exited with ${code}`));
    });
    child.send({ storage: { storageDir: storage.storageDir, s3: storage.s3 }, now: now.toISOString() });
  });
}

/**
 * A fresh install gets the generated demo catalog, so the app is browsable with no set-up. An existing
 * catalog (any category) is never touched. The artwork goes to the server's storage, so it lands wherever
 * files live (local disk or the S3 bucket); the rows go through the catalog import an admin's archive
 * takes (`importSource`), change log included.
 */
export async function seedDemoCatalogIfEmpty(deps: {
  repository: Pick<CatalogRepository, 'isEmpty'>;
  importSource: (source: CatalogSource) => Promise<NormalizedCatalog>;
  storage: Pick<AppConfig, 'storageDir' | 's3'>;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  if (!(await deps.repository.isEmpty())) return false;
  const started = performance.now();
  deps.log.info('the catalog is empty: generating the demo catalog (first start only)');
  const source = await generateInChildProcess(deps.storage, deps.now(), (message) => deps.log.debug(message));
  const catalog = await deps.importSource(source);
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
