import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminApi } from '../../../shared/api-paths.ts';
import type { AdminCatalog } from '../../../shared/admin/admin.contract.ts';
import { TEST_ORIGIN, type TestBrowser } from '../../testing/accounts-fixture.ts';
import { adminCallers, animatedGif, stillPng } from '../../testing/admin-fixture.ts';
import { fixtureCatalogSource, writeFixtureImages } from '../../testing/catalog-fixture.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { MEDIA_PREFIX, normalizeCatalogSource } from '../catalog/catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');
const env = { PUBLIC_ORIGIN: TEST_ORIGIN, ADMIN_EMAILS: 'mover@example.com,pending@example.com' };
const emails = { adminEmail: 'mover@example.com', unverifiedAdminEmail: 'pending@example.com' };

interface Server {
  app: FastifyInstance;
  storage: FileStorage;
  callers: Awaited<ReturnType<typeof adminCallers>>;
}

async function startServer(testDatabase: TestDatabase): Promise<Server> {
  const { app, config } = await buildTestApp(testDatabase, { now: () => now, env });
  const storage = await createFileStorage(config);
  return { app, storage, callers: await adminCallers(app, testDatabase, emails) };
}

function importArchive(admin: TestBrowser, archive: Buffer, mode: 'merge' | 'replace' = 'merge') {
  return admin.request({
    method: 'POST',
    url: `${adminApi.archive}?mode=${mode}`,
    payload: archive,
    headers: { 'content-type': 'application/zip' },
  });
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Each artwork key the catalog's rows refer to, with the hash of its bytes in `storage`. */
async function artworkHashes(testDatabase: TestDatabase, storage: FileStorage) {
  const rows = await testDatabase.database.db
    .selectFrom('templates')
    .select(['previewImage', 'animatedImage'])
    .execute();
  const keys = rows
    .flatMap((row) => [row.previewImage, row.animatedImage])
    .filter((ref): ref is string => ref?.startsWith(MEDIA_PREFIX) === true)
    .map((ref) => ref.slice(MEDIA_PREFIX.length));
  const hashes: Record<string, string> = {};
  for (const key of [...new Set(keys)].sort()) hashes[key] = sha256(await storage.read(key));
  return hashes;
}

describeEachDatabase('catalog archive', (use) => {
  let source: Server;
  let empty: { database: TestDatabase; cleanup: () => Promise<void>; server?: Server };
  let archive: Buffer;

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    source = await startServer(use());
    await writeFixtureImages(source.storage);
    // An uploaded animated template and a hidden one, so the archive carries what the admin area makes.
    const admin = source.callers.admin;
    const created = await admin.post(adminApi.templates, {
      name: 'Moving Day',
      description: 'Boxes everywhere',
      translations: { name: { ar: 'يوم الانتقال' }, description: { ru: 'Коробки' } },
      tags: ['home'],
      categoryId: 'birthday',
      styleId: null,
      isActive: false,
    });
    await admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(created.json().id),
      payload: await animatedGif(),
      headers: { 'content-type': 'image/gif' },
    });
    // And its cover lettered in Arabic.
    await admin.request({
      method: 'PUT',
      url: adminApi.templateLanguageArtwork(created.json().id, 'ar'),
      payload: await stillPng('#2e7d32'),
      headers: { 'content-type': 'image/png' },
    });
    const created2 = await createTestDatabase('sqlite');
    empty = { database: created2.handle, cleanup: created2.cleanup };
  });
  afterAll(async () => {
    await source?.app.close();
    await empty?.server?.app.close();
    await empty?.cleanup();
  });

  it('exports the whole catalog and imports it on an empty server: same rows, same artwork bytes', async () => {
    const exported = await source.callers.admin.get(adminApi.archive);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="winc-catalog-/);
    archive = exported.rawPayload;

    empty.server = await startServer(empty.database);
    const target = empty.server;
    expect((await target.callers.admin.get(adminApi.catalog)).json().templates).toEqual([]);
    const imported = await importArchive(target.callers.admin, archive);
    expect(imported.statusCode).toBe(200);

    const before = (await source.callers.admin.get(adminApi.catalog)).json<AdminCatalog>();
    const after = (await target.callers.admin.get(adminApi.catalog)).json<AdminCatalog>();
    expect(after).toEqual(before);
    expect(before.templates.some((t) => t.name === 'Moving Day' && !t.isActive && t.animatedUrl)).toBe(true);
    expect(after.templates.find((t) => t.name === 'Moving Day')!.translations).toEqual({
      name: { ar: 'يوم الانتقال' },
      description: { ru: 'Коробки' },
    });
    expect(after.templates.find((t) => t.id === 'wedding-1')!.translations.name).toEqual({
      ar: 'عهود ذهبية',
      ru: 'Золотые клятвы',
    });
    expect(imported.json()).toEqual({
      categories: before.categories.length,
      styles: before.styles.length,
      events: before.events.length,
      templates: before.templates.length,
    });
    // The Arabic cover comes along, file and all.
    const arabic = after.templates.find((t) => t.name === 'Moving Day')!.languageCovers.ar!;
    const [sourceCover, targetCover] = await Promise.all(
      [source, target].map((server) => server.app.inject(arabic.coverUrl)),
    );
    expect(targetCover!.statusCode).toBe(200);
    expect(targetCover!.rawPayload.equals(sourceCover!.rawPayload)).toBe(true);
    const hashes = await artworkHashes(use(), source.storage);
    expect(Object.keys(hashes).length).toBeGreaterThanOrEqual(4);
    expect(await artworkHashes(empty.database, target.storage)).toEqual(hashes);

    const changes = (await target.callers.admin.get(adminApi.changes)).json().items;
    expect(changes[0]).toMatchObject({
      action: 'import',
      subjectKind: 'catalog',
      actorEmail: emails.adminEmail,
    });
  });

  it('replaces: what the archive lacks is deleted, or hidden when a card uses it', async () => {
    const target = empty.server!;
    const added = await target.callers.admin.post(adminApi.categories, {
      name: 'Only Here',
      translations: {},
      rank: null,
      isActive: true,
      tags: [],
    });
    expect(added.statusCode).toBe(201);
    expect((await importArchive(target.callers.admin, archive, 'replace')).statusCode).toBe(200);
    const catalog = (await target.callers.admin.get(adminApi.catalog)).json<AdminCatalog>();
    expect(catalog.categories.some((c) => c.name === 'Only Here')).toBe(false);
  });

  it('refuses an archive whose text is not text, importing nothing, and strips bidi controls from names', async () => {
    const admin = source.callers.admin;
    const document = (rows: { categories?: unknown[]; templates?: unknown[] }) =>
      JSON.stringify({
        format: 'winc-catalog',
        version: 1,
        categories: rows.categories ?? [],
        styles: [],
        events: [],
        templates: rows.templates ?? [],
      });
    const category = { id: 'moving', name: 'Moving', tags: ['home'] };
    const template = { id: 'moving-1', name: 'New Home', description: 'Boxes', categoryId: 'moving' };
    // Raw JSON escapes: a lone surrogate reaches the server as one.
    const broken = [
      document({ categories: [{ ...category, name: 'NOT' }] }).replace('"NOT"', '"Mov\\u0000ing"'),
      document({ categories: [category], templates: [{ ...template, description: 'NOT' }] }).replace(
        '"NOT"',
        '"Box\\ud800es"',
      ),
      document({ categories: [{ ...category, translations: { ru: 'NOT' } }] }).replace('"NOT"', '"\\udfff"'),
      document({ categories: [{ ...category, tags: ['NOT'] }] }).replace('"NOT"', '"h\\u0000ome"'),
    ];
    const before = (await admin.get(adminApi.catalog)).json<AdminCatalog>();
    const changes = (await admin.get(adminApi.changes)).json().items.length;
    for (const json of broken) {
      const refused = await importArchive(admin, Buffer.from(zipSync({ 'catalog.json': Buffer.from(json) })));
      expect(refused.statusCode, json).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation-failed',
        details: [expect.objectContaining({ message: 'invalid-characters' })],
      });
    }
    expect((await admin.get(adminApi.catalog)).json<AdminCatalog>()).toEqual(before);
    expect((await admin.get(adminApi.changes)).json().items).toHaveLength(changes);

    const named = document({
      categories: [{ ...category, name: '\u202EMoving\u202C\nDay' }],
      templates: [{ ...template, name: 'New \u2067Home\u2069', description: 'Boxes\n\u2067بيت\u2069' }],
    });
    const imported = await importArchive(admin, Buffer.from(zipSync({ 'catalog.json': Buffer.from(named) })));
    expect(imported.statusCode).toBe(200);
    const after = (await admin.get(adminApi.catalog)).json<AdminCatalog>();
    expect(after.categories.find((c) => c.id === 'moving')!.name).toBe('Moving Day');
    expect(after.templates.find((t) => t.id === 'moving-1')).toMatchObject({
      name: 'New Home',
      description: 'Boxes\n\u2067بيت\u2069',
    });
  });

  it('refuses what is not a catalog archive, and artwork that is not an image', async () => {
    const admin = empty.server!.callers.admin;
    const notZip = await importArchive(admin, Buffer.from('just some text, not a zip at all'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ code: 'invalid-archive' });
    const foreign = await importArchive(admin, Buffer.from(zipSync({ 'notes.txt': Buffer.from('hello') })));
    expect(foreign.json()).toMatchObject({ code: 'invalid-archive' });
    const disguised = zipSync({
      'catalog.json': Buffer.from(
        JSON.stringify({
          format: 'winc-catalog',
          version: 1,
          categories: [],
          styles: [],
          events: [],
          templates: [],
        }),
      ),
      'media/catalog/templates/evil.png': Buffer.from('<html><script>alert(1)</script></html>'),
    });
    const refused = await importArchive(admin, Buffer.from(disguised));
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'not-an-image' });
    expect(await empty.server!.storage.stat('catalog/templates/evil.png')).toBeNull();
  });
});
