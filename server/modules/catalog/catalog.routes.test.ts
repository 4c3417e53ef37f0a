import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { homeResponseSchema, templatePageSchema } from '../../../shared/catalog/catalog.contract.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { normalizeCatalogSource } from './catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('catalog routes', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { now: () => now }));
  });
  afterAll(() => app?.close());

  it('GET /api/catalog/home answers the contract with New Drops first', async () => {
    const response = await app.inject('/api/catalog/home');
    expect(response.statusCode).toBe(200);
    const home = homeResponseSchema.parse(response.json());
    expect(home.sections[0]!.kind).toBe('new-drops');
    expect(response.headers['cache-control']).toContain('max-age=30');
  });

  it('GET /api/catalog/templates pages a category by its URL-encoded name', async () => {
    const response = await app.inject(
      `/api/catalog/templates?category=${encodeURIComponent('Thank You')}&page=1`,
    );
    expect(response.statusCode).toBe(200);
    expect(templatePageSchema.parse(response.json()).total).toBe(2);
    const second = await app.inject('/api/catalog/templates?category=Birthday&page=2');
    expect(second.json()).toMatchObject({ page: 2, total: 14, hasMore: false });
  });

  it('rejects a bad page number with validation-failed', async () => {
    const response = await app.inject('/api/catalog/templates?page=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation-failed' });
  });

  it('answers 404 with stable codes for unknown categories, styles and templates', async () => {
    const category = await app.inject('/api/catalog/categories/Nope');
    expect(category.statusCode).toBe(404);
    expect(category.json()).toEqual({ code: 'category-not-found', message: 'This category does not exist.' });
    expect((await app.inject('/api/catalog/styles/Nope')).json()).toMatchObject({ code: 'style-not-found' });
    expect((await app.inject('/api/catalog/templates/nope')).json()).toMatchObject({
      code: 'template-not-found',
    });
    expect((await app.inject('/api/catalog/templates?style=Nope')).statusCode).toBe(404);
  });

  it('serves the category and style page data', async () => {
    const category = await app.inject(`/api/catalog/categories/${encodeURIComponent('New Drops')}`);
    expect(category.json()).toMatchObject({ kind: 'new-drops', category: null });
    const style = await app.inject('/api/catalog/styles/Elegant');
    expect(style.json().categories.map((c: { name: string }) => c.name)).toEqual([
      'Birthday',
      'Wedding',
      'Eid',
    ]);
  });

  it('lists active categories, styles and events', async () => {
    const lists = (await app.inject('/api/catalog')).json();
    expect(lists.categories.map((c: { name: string }) => c.name)).toEqual([
      'Birthday',
      'Wedding',
      'Eid',
      'Thank You',
    ]);
    expect(lists.styles).toHaveLength(2);
    expect(lists.events).toHaveLength(2);
  });

  it('answers unknown API paths with a JSON not-found', async () => {
    const response = await app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not-found', message: 'Not found.' });
  });
});
