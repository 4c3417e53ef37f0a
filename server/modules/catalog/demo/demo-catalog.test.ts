import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG, parseDemoCatalog } from './demo-catalog.ts';

const committed = async (): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(new URL('./demo-catalog.json', import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('the demo catalog data', () => {
  it('parses the committed demo-catalog.json', async () => {
    const catalog = parseDemoCatalog(await committed());
    expect(catalog).toEqual(DEMO_CATALOG);
    expect(catalog.categories).toHaveLength(14);
    expect(catalog.categories.flatMap((c) => c.templates)).toHaveLength(74);
  });

  it('names the category and template of a broken entry, and what is wrong with it', async () => {
    const document = await committed();
    const catalog = document as unknown as {
      categories: { templates: { art: Record<string, unknown>; translations: { name: object } }[] }[];
    };
    const template = catalog.categories[1]!.templates[0]!;
    template.art.palette = 'sunset';
    template.translations.name = { ar: 'عهود ذهبية' };
    expect(() => parseDemoCatalog(document)).toThrow(
      [
        'demo-catalog.json is not a valid demo catalog:',
        '- category "wedding" › template "golden-vows" › translations.name.ru: Invalid input: expected string, received undefined',
        '- category "wedding" › template "golden-vows" › art.palette: "sunset" is not one of the elegant palettes (midnight, emerald, burgundy, noir, plum, frost)',
      ].join('\n'),
    );
  });

  it('refuses a slug that two templates share', async () => {
    const document = await committed();
    const catalog = document as unknown as { categories: { templates: { slug: string }[] }[] };
    catalog.categories[2]!.templates[1]!.slug = 'confetti-pop';
    expect(() => parseDemoCatalog(document)).toThrow(
      '- category "graduation" › template "confetti-pop" › slug: "confetti-pop" is used by another template',
    );
  });
});
