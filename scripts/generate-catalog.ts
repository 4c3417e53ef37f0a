/**
 * Renders the demo catalog: `npx tsx scripts/generate-catalog.ts [outDir]` (default ./data/storage).
 * Images go to <outDir>/catalog/templates/, the source document to <outDir>/catalog-source.json.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { normalizeCatalogSource } from '../server/modules/catalog/catalog-source.ts';
import { generateDemoCatalog } from '../server/modules/catalog/demo/generate-demo-catalog.ts';
import { LocalDiskStorage } from '../server/platform/storage/local-disk-storage.ts';
import { isNewDrop } from '../shared/catalog/catalog.rules.ts';

const outDir = resolve(process.argv[2] ?? './data/storage');
const now = new Date();
const started = performance.now();

const source = await generateDemoCatalog({
  storage: new LocalDiskStorage(outDir),
  now,
  log: (message) => console.log(message),
});
await writeFile(join(outDir, 'catalog-source.json'), `${JSON.stringify(source, null, 2)}\n`);

const catalog = normalizeCatalogSource(source, now);
const activeCategories = new Set(catalog.categories.filter((c) => c.isActive).map((c) => c.id));
const listed = catalog.templates.filter((t) => t.previewImage !== null && activeCategories.has(t.categoryId));
const animated = listed.filter((t) => t.animatedImage !== null).length;
const fresh = listed.filter((t) => isNewDrop(t.createdAt, now)).length;
const activeEvents = catalog.events.filter((e) => e.isActive).length;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `categories ${catalog.categories.length} (${activeCategories.size} active), styles ${catalog.styles.length}, ` +
    `events ${catalog.events.length} (${activeEvents} active), templates ${catalog.templates.length} ` +
    `(${listed.length} listed, ${animated} animated, ${fresh} new)`,
);
console.log(`Wrote ${outDir} in ${seconds} s`);
