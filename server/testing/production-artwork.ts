import sharp from 'sharp';
import { normalizeCatalogSource, type CatalogSource } from '../modules/catalog/catalog-source.ts';
import { renderCover } from '../modules/catalog/demo/artwork/index.ts';
import { DEMO_CATALOG, type DemoTemplate } from '../modules/catalog/demo/demo-catalog.ts';
import { generateDemoCatalog } from '../modules/catalog/demo/generate-demo-catalog.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';

/**
 * Catalog artwork as production stores it, for tests of what is drawn from it: made by the demo catalog's
 * generator (the artwork a fresh install seeds) rather than by hand, so its formats, sizes and frames are
 * the real ones. The whole demo catalog takes some 20 s; a sample of it takes about one.
 */

const birthday = DEMO_CATALOG.categories.find((category) => category.id === 'birthday')!;
const firstStill = birthday.templates.find((template) => !template.art.motion)!;
const firstAnimated = birthday.templates.find((template) => template.art.motion)!;

/** The demo catalog with one category, Birthday, holding its first still design and its first animated one. */
const DEMO_SAMPLE = {
  ...DEMO_CATALOG,
  categories: [{ ...birthday, templates: [firstStill, firstAnimated] }],
};

export interface DemoSample {
  source: CatalogSource;
  /** A template whose artwork is one still WebP. */
  stillId: string;
  /** A template with a still WebP and the animated WebP whose first frame it is. */
  animatedId: string;
  /** The storage reference (`media:…`) of the animated WebP. */
  animatedImage: string;
}

/**
 * Renders the sample into `storage` through the demo generator, as a fresh install's first start does, and
 * answers its source document (every style and event of the demo catalog, the sample's two templates, and
 * the broken one).
 */
export async function generateDemoSample(storage: FileStorage, now: Date): Promise<DemoSample> {
  const source = await generateDemoCatalog({ storage, now, catalog: DEMO_SAMPLE });
  const templates = normalizeCatalogSource(source, now).templates;
  const still = templates.find((template) => template.id.endsWith(firstStill.slug))!;
  const animated = templates.find((template) => template.id.endsWith(firstAnimated.slug))!;
  return { source, stillId: still.id, animatedId: animated.id, animatedImage: animated.animatedImage! };
}

const coverOf = (template: DemoTemplate) =>
  renderCover({
    ...template.art,
    occasion: birthday.id,
    headline: template.headline,
    subtitle: template.subtitle,
    seed: template.slug,
  });

let covers: Promise<{ still: Buffer; animated: Buffer }> | undefined;

/**
 * The sample's artwork as the generator draws it, without storage: the still design's 600×800 WebP and the
 * animated design's animated WebP.
 */
export function demoCovers(): Promise<{ still: Buffer; animated: Buffer }> {
  covers ??= Promise.all([coverOf(firstStill), coverOf(firstAnimated)]).then(([still, animated]) => ({
    still: still.still,
    animated: animated.animated!,
  }));
  return covers;
}

let uploads: Promise<{ gif: Buffer; png: Buffer }> | undefined;

/**
 * Demo artwork as an operator would upload it in the admin area (DESIGN §1.16): the animated design exported
 * as an animated GIF (its first four frames at 300×400: GIF encoding is slow) and the still one as a PNG.
 */
export function adminUploads(): Promise<{ gif: Buffer; png: Buffer }> {
  uploads ??= demoCovers().then(async ({ still, animated }) => {
    const [gif, png] = await Promise.all([
      sharp(animated, { animated: true, pages: 4 }).resize(300, 400).gif({ loop: 0 }).toBuffer(),
      sharp(still).png().toBuffer(),
    ]);
    return { gif, png };
  });
  return uploads;
}
