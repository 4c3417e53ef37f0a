import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { homeResponseSchema, type HomeResponse } from '../../../shared/catalog/catalog.contract.ts';
import { nextNewDropsChange } from '../../../shared/catalog/catalog.rules.ts';
import { fixtureCatalogSource, FIXTURE_STILL } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogAnswers } from './catalog-answers.cache.ts';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository.ts';
import { useContractSchemas } from '../../platform/http/contract-schemas.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { createCatalogService } from './catalog.service.ts';
import { normalizeCatalogSource, type TemplateRecord } from './catalog-source.ts';

const start = new Date('2026-11-22T12:00:00Z');
const HOUR = 60 * 60 * 1000;

let added = 0;
/** A listable Birthday template, new at `createdAt`. */
function newTemplate(createdAt: Date): TemplateRecord {
  added += 1;
  return {
    id: `added-${added}`,
    name: `Added ${added}`,
    description: 'Added while the server runs',
    tags: [],
    categoryId: 'birthday',
    styleId: null,
    previewImage: FIXTURE_STILL,
    animatedImage: null,
    isActive: true,
    translations: { name: {}, description: {} },
    languageCovers: {},
    createdAt,
  };
}

const addTemplate = (repository: CatalogRepository, template: TemplateRecord) =>
  repository.insertCatalog({ categories: [], styles: [], events: [], templates: [template] });

const newDropIds = (home: HomeResponse) =>
  home.sections.find((s) => s.kind === 'new-drops')?.templates.map((t) => t.id) ?? [];

describeEachDatabase('catalog answers', (use) => {
  let app: FastifyInstance;
  let clock = start;
  let repository: CatalogRepository;

  beforeAll(async () => {
    repository = createCatalogRepository(use().database);
    await repository.insertCatalog(normalizeCatalogSource(fixtureCatalogSource(start), start));
    ({ app } = await buildTestApp(use(), { now: () => clock, catalogCheckIntervalMs: 50 }));
  });
  afterAll(() => app?.close());

  /** The home answer made now, without any cache. */
  async function freshHome(): Promise<string> {
    const catalog = createCatalogService({ repository, now: () => clock });
    return JSON.stringify(homeResponseSchema.parse(await catalog.getHome()));
  }

  it('answers home with a strong ETag, and 304 without a body when the client has it', async () => {
    const first = await app.inject('/api/catalog/home');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toContain('max-age=30');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body).toBe(await freshHome());

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await app.inject({ url: '/api/catalog/home', headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toContain('max-age=30');
    }
    const stale = await app.inject({ url: '/api/catalog/home', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('sends br or gzip made once, decoding to the same JSON, never compressed twice', async () => {
    const plain = await app.inject('/api/catalog/home');
    const cases = [
      { accept: 'gzip, deflate, br', coding: 'br', decode: zlib.brotliDecompressSync },
      { accept: 'br;q=0, gzip', coding: 'gzip', decode: zlib.gunzipSync },
      { accept: 'gzip;q=1, br;q=0.5', coding: 'gzip', decode: zlib.gunzipSync },
      { accept: '*', coding: 'br', decode: zlib.brotliDecompressSync },
    ];
    for (const { accept, coding, decode } of cases) {
      for (let i = 0; i < 2; i++) {
        const response = await app.inject({
          url: '/api/catalog/home',
          headers: { 'accept-encoding': accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(coding);
        expect(response.headers.vary).toBe('accept-encoding');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(decode(response.rawPayload).toString()).toBe(plain.body);
        // Each encoding has its own tag, and a client holding it gets 304.
        expect(response.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, `-${coding}"`));
        const cached = await app.inject({
          url: '/api/catalog/home',
          headers: { 'accept-encoding': accept, 'if-none-match': response.headers.etag as string },
        });
        expect(cached.statusCode).toBe(304);
      }
    }
  });

  it('keys template lists by their normalised query and keeps failures out', async () => {
    const a = await app.inject('/api/catalog/templates?q=Balloons');
    const b = await app.inject('/api/catalog/templates?page=1&q=balloons&unknown=1');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ total: 1 });
    expect(b.headers.etag).toBe(a.headers.etag);
    for (const url of ['/api/catalog', '/api/catalog/categories/Birthday', '/api/catalog/styles/Elegant']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      const again = await app.inject({ url, headers: { 'if-none-match': response.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    for (let i = 0; i < 2; i++) {
      expect((await app.inject('/api/catalog/categories/Nope')).json()).toMatchObject({
        code: 'category-not-found',
      });
    }
  });

  it("sees another instance's catalog change within the check interval", async () => {
    const before = await app.inject('/api/catalog/home');
    // Written through a second database handle, as another instance would.
    const template = newTemplate(new Date(clock.getTime() - HOUR));
    await addTemplate(repository, template);
    const deadline = Date.now() + 5_000;
    let after = await app.inject('/api/catalog/home');
    while (after.headers.etag === before.headers.etag && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await app.inject('/api/catalog/home');
    }
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(newDropIds(homeResponseSchema.parse(after.json()))[0]).toBe(template.id);
    expect(after.body).toBe(await freshHome());
  });

  it('drops New Drops answers the moment a template leaves the window', async () => {
    const catalog = createCatalogService({ repository, now: () => clock });
    const leavesAt = (await catalog.nextTimedChange())!;
    const before = await app.inject('/api/catalog/home');
    const leaving = (await repository.listListableTemplates()).filter(
      (t) => nextNewDropsChange([t], clock)?.getTime() === leavesAt.getTime(),
    );
    expect(newDropIds(homeResponseSchema.parse(before.json()))).toContain(leaving[0]!.id);

    clock = new Date(leavesAt.getTime() - 1);
    const justBefore = await app.inject('/api/catalog/home');
    expect(justBefore.headers.etag).toBe(before.headers.etag);
    expect(justBefore.body).toBe(await freshHome());

    clock = leavesAt;
    const after = await app.inject('/api/catalog/home');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(newDropIds(homeResponseSchema.parse(after.json()))).not.toContain(leaving[0]!.id);
    expect(after.body).toBe(await freshHome());
  });

  it('drops the answers at once when this process writes the catalog', async () => {
    // The routes on a bare server with the version check an hour apart: only the write itself can tell.
    const server = Fastify();
    useContractSchemas(server);
    const ownRepository = createCatalogRepository(use().database);
    const catalog = createCatalogService({ repository: ownRepository, now: () => clock });
    const answers = createCatalogAnswers({
      catalog,
      versions: ownRepository,
      now: () => clock,
      log: server.log,
      checkIntervalMs: HOUR,
    });
    registerCatalogRoutes(server, answers);
    try {
      const first = await server.inject('/api/catalog/home');
      // A write through another repository, as by another instance, stays unseen until the next check.
      await addTemplate(repository, newTemplate(new Date(clock.getTime() - HOUR)));
      expect((await server.inject('/api/catalog/home')).headers.etag).toBe(first.headers.etag);

      const own = newTemplate(new Date(clock.getTime() - 60_000));
      await addTemplate(ownRepository, own);
      const after = await server.inject('/api/catalog/home');
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(newDropIds(homeResponseSchema.parse(after.json()))[0]).toBe(own.id);
      expect(after.body).toBe(await freshHome());
    } finally {
      await server.close();
    }
  });
});
