import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';
import { normalizeCatalogSource } from './catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describeEachDatabase('catalog service', (use) => {
  let catalog: CatalogService;

  beforeAll(async () => {
    const repository = createCatalogRepository(use().database);
    expect(await repository.isEmpty()).toBe(true);
    await repository.insertCatalog(normalizeCatalogSource(fixtureCatalogSource(now), now));
    // Inserting the same catalog again (a second instance seeding at once) changes nothing and does not fail.
    await repository.insertCatalog(normalizeCatalogSource(fixtureCatalogSource(now), now));
    expect(await repository.isEmpty()).toBe(false);
    catalog = createCatalogService({ repository, now: () => now });
  });

  it('orders home sections: New Drops, ranked categories by rank, then unranked alphabetically', async () => {
    const home = await catalog.getHome();
    expect(home.sections.map((s) => s.category?.name ?? s.kind)).toEqual([
      'new-drops',
      'Birthday',
      'Wedding',
      'Eid',
      'Thank You',
    ]);
  });

  it('fills New Drops with the last 7 days, newest first, leaving out inactive categories and imageless templates', async () => {
    const home = await catalog.getHome();
    const newDrops = home.sections[0]!;
    expect(newDrops.templates.map((t) => t.name)).toEqual([
      'Birthday Card 1',
      'Thankful Heart',
      'Golden Vows',
    ]);
    expect(newDrops.templates.every((t) => t.isNew)).toBe(true);
  });

  it('lists only active events', async () => {
    const home = await catalog.getHome();
    expect(ids(home.events).sort()).toEqual(['ev-birthday', 'ev-love']);
  });

  it('keeps each row to at most 25 templates with the total alongside', async () => {
    const home = await catalog.getHome();
    const birthday = home.sections.find((s) => s.category?.id === 'birthday')!;
    expect(birthday.templates.length).toBe(14);
    expect(birthday.total).toBe(14);
    expect(home.sections.every((s) => s.templates.length <= 25)).toBe(true);
  });

  it('serves category pages 12 at a time, newest first', async () => {
    const first = await catalog.listTemplates({ category: 'Birthday', page: 1 });
    expect(first).toMatchObject({ page: 1, pageSize: 12, total: 14, hasMore: true });
    expect(first.items[0]!.id).toBe('birthday-01');
    const second = await catalog.listTemplates({ category: 'Birthday', page: 2 });
    expect(ids(second.items)).toEqual(['birthday-13', 'birthday-14']);
    expect(second.hasMore).toBe(false);
  });

  it('finds a category by its name regardless of case', async () => {
    const page = await catalog.listTemplates({ category: 'thank you', page: 1 });
    expect(page.total).toBe(2);
  });

  it('serves the special New Drops and Based on Rank pages', async () => {
    const newDrops = await catalog.listTemplates({ category: 'New Drops', page: 1 });
    expect(newDrops.total).toBe(3);
    const all = await catalog.listTemplates({ category: 'Based on Rank', page: 2 });
    expect(all.total).toBe(22);
    const everything = [
      ...(await catalog.listTemplates({ category: 'Based on Rank', page: 1 })).items,
      ...all.items,
    ];
    expect(everything.map((t) => t.categoryName)).toEqual([
      ...Array(14).fill('Birthday'),
      ...Array(5).fill('Wedding'),
      'Eid',
      'Thank You',
      'Thank You',
    ]);
  });

  it('filters by style within a category', async () => {
    const page = await catalog.listTemplates({ category: 'Birthday', style: 'Elegant', page: 1 });
    expect(page.total).toBe(7);
    expect(page.items.every((t) => t.styleName === 'Elegant')).toBe(true);
  });

  it('matches an event tag against template tags and category tags', async () => {
    const love = await catalog.listTemplates({ event: 'ev-love', page: 1 });
    expect(love.items.map((t) => t.id).sort()).toEqual(
      [
        ...['wedding-1', 'wedding-2', 'wedding-3', 'wedding-4', 'wedding-5'],
        love.items.find((t) => t.name === 'Thankful Heart')!.id,
      ].sort(),
    );
    const birthday = await catalog.listTemplates({ event: 'ev-birthday', page: 1 });
    expect(birthday.total).toBe(14);
    const inactive = await catalog.listTemplates({ event: 'ev-easter', page: 1 });
    expect(inactive.total).toBe(0);
  });

  it('searches names, tags and descriptions case-insensitively', async () => {
    expect(ids((await catalog.listTemplates({ q: 'BALLOONS', page: 1 })).items)).toEqual(['birthday-01']);
    expect((await catalog.listTemplates({ q: 'rings', page: 1 })).total).toBe(5);
    expect(ids((await catalog.listTemplates({ q: 'eid mubarak', page: 1 })).items)).toEqual(['eid-1']);
    expect((await catalog.listTemplates({ q: 'spring eggs', page: 1 })).total).toBe(0);
  });

  it('tells the category page which styles it has', async () => {
    expect(await catalog.getCategoryPage('Wedding')).toMatchObject({
      kind: 'category',
      category: { id: 'wedding', name: 'Wedding', rank: 2 },
      styles: [{ id: 'elegant' }],
    });
    const newDrops = await catalog.getCategoryPage('New Drops');
    expect(newDrops.kind).toBe('new-drops');
    expect(ids(newDrops.styles)).toEqual(['elegant', 'playful']);
    expect((await catalog.getCategoryPage('Based on Rank')).kind).toBe('based-on-rank');
  });

  it('tells the style page which categories it has, in home order', async () => {
    const elegant = await catalog.getStylePage('elegant');
    expect(elegant.style.translations).toEqual({ ar: 'أنيق', ru: 'Элегантный' });
    expect(elegant.categories.map((c) => c.name)).toEqual(['Birthday', 'Wedding', 'Eid']);
    expect((await catalog.getStylePage('Playful')).categories.map((c) => c.name)).toEqual([
      'Birthday',
      'Thank You',
    ]);
  });

  it('answers not-found codes for unknown categories, styles and unlisted templates', async () => {
    await expect(catalog.getCategoryPage('Nope')).rejects.toMatchObject({ code: 'category-not-found' });
    await expect(catalog.getCategoryPage('Easter')).rejects.toMatchObject({ code: 'category-not-found' });
    await expect(catalog.listTemplates({ style: 'Nope', page: 1 })).rejects.toMatchObject({
      code: 'style-not-found',
    });
    await expect(catalog.getStylePage('Nope')).rejects.toMatchObject({ code: 'style-not-found' });
    await expect(catalog.getTemplate('easter-1')).rejects.toMatchObject({ code: 'template-not-found' });
    await expect(catalog.getTemplate('broken-1')).rejects.toMatchObject({ code: 'template-not-found' });
  });

  it('presents a template with versioned image URLs and its animation', async () => {
    const template = await catalog.getTemplate('birthday-01');
    expect(template).toMatchObject({
      id: 'birthday-01',
      categoryName: 'Birthday',
      styleName: 'Playful',
      createdAt: '2026-11-21T12:00:00.000Z',
      isNew: true,
    });
    expect(template.thumbnailUrl).toMatch(/^\/media\/templates\/birthday-01\/thumb\?v=[\w-]+$/);
    expect(template.coverUrl).toMatch(/^\/media\/templates\/birthday-01\/cover\?v=/);
    expect(template.animatedUrl).toMatch(/^\/media\/templates\/birthday-01\/original\?v=/);
    expect((await catalog.getTemplate('wedding-2')).animatedUrl).toBeNull();
  });
});
