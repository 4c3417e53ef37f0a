import type { S3Settings } from '../../../platform/config.ts';
import { createFileStorage } from '../../../platform/storage/create-file-storage.ts';
import { generateDemoCatalog } from './generate-demo-catalog.ts';

/**
 * The demo catalog's generator as a child process of the server (`catalog-seed.service.ts`): it draws the
 * artwork into the server's storage and sends back the catalog's source. Drawing (fonts, SVG rendering,
 * encoding) takes a few hundred MB once per install; in a process of its own, that memory is given back.
 */

interface Job {
  storage: { storageDir: string; s3: S3Settings | undefined };
  now: string;
}

process.once('message', (job: Job) => {
  void (async () => {
    const source = await generateDemoCatalog({
      storage: await createFileStorage(job.storage),
      now: new Date(job.now),
      log: (message) => process.send?.({ log: message }),
    });
    process.send?.({ source }, () => process.exit(0));
  })().catch((error: unknown) => {
    process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1));
  });
});
