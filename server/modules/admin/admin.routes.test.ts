import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  ADMIN_FIELDS,
  adminCatalogSchema,
  adminTemplateSchema,
  catalogChangesSchema,
} from '../../../shared/admin/admin.contract.ts';
import { homeResponseSchema, templateSummarySchema } from '../../../shared/catalog/catalog.contract.ts';
import { orderCategories, templatePictures } from '../../../shared/catalog/catalog.rules.ts';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import { adminApi } from '../../../shared/api-paths.ts';
import { adminCallers, animatedGif, stillPng } from '../../testing/admin-fixture.ts';
import type { TestBrowser } from '../../testing/accounts-fixture.ts';
import { insertCard, TEST_ORIGIN } from '../../testing/accounts-fixture.ts';
import { fixtureCatalogSource, writeFixtureImages } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ADMIN_EMAIL = 'operator@example.com';
const UNVERIFIED_ADMIN_EMAIL = 'pending-operator@example.com';

/** Every method and path registered under the admin prefix, read from the router's printed tree. */
function adminRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    paths[depth] = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    const url = paths[depth];
    if (!match[3] || !url.startsWith('/api/admin')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push({ method, url: url.replaceAll(/:\w+/g, 'some-id') });
    }
  }
  return routes;
}

function send(browser: TestBrowser, method: string, url: string, payload?: Record<string, never>) {
  return browser.request({ method: method, url, ...(payload === undefined ? {} : { payload }) });
}

const categoryInput = (name: string, rank: number | null) => ({
  name,
  translations: { ar: 'تخرج', ru: 'Выпускной' },
  rank,
  isActive: true,
  tags: ['graduation'],
});
const templateInput = (name: string, categoryId: string) => ({
  name,
  description: 'Made in the admin area',
  translations: { name: { ar: 'قالب', ru: 'Шаблон' }, description: {} },
  tags: ['admin'],
  categoryId,
  styleId: 'playful',
  isActive: true,
});

describeEachDatabase('admin routes', (use) => {
  let app: FastifyInstance;
  let callers: Awaited<ReturnType<typeof adminCallers>>;

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    const built = await buildTestApp(use(), {
      now: () => now,
      env: {
        PUBLIC_ORIGIN: TEST_ORIGIN,
        ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()}, ${UNVERIFIED_ADMIN_EMAIL}`,
      },
    });
    app = built.app;
    const { createFileStorage } = await import('../../platform/storage/create-file-storage.ts');
    await writeFixtureImages(await createFileStorage(built.config));
    callers = await adminCallers(app, use(), {
      adminEmail: ADMIN_EMAIL,
      unverifiedAdminEmail: UNVERIFIED_ADMIN_EMAIL,
    });
  });
  afterAll(() => app?.close());

  it('refuses a signed-out visitor, a normal account and an unverified admin address on every admin route', async () => {
    const routes = adminRoutes(app);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const caller of ['visitor', 'user', 'unverified'] as const) {
      for (const { method, url } of routes) {
        const response = await send(callers[caller], method, url, method === 'GET' ? undefined : {});
        expect({ caller, method, url, status: response.statusCode }).toEqual({
          caller,
          method,
          url,
          status: 404,
        });
        expect(response.json()).toEqual({ code: 'not-found', message: 'Not found.' });
      }
    }
    // The same routes do reach an admin (validation or a missing row answers, not the guard's 404).
    for (const { method, url } of routes) {
      const response = await send(callers.admin, method, url, method === 'GET' ? undefined : {});
      expect(response.body).not.toBe(JSON.stringify({ code: 'not-found', message: 'Not found.' }));
    }
  });

  it('says in the session answer who is an admin', async () => {
    expect((await callers.admin.get('/api/me')).json().user.isAdmin).toBe(true);
    expect((await callers.user.get('/api/me')).json().user.isAdmin).toBe(false);
    expect((await callers.unverified.get('/api/me')).json().user.isAdmin).toBe(false);
  });

  it('adds a category ranked first and an animated template that visitors see at once, until it is hidden', async () => {
    const visitor = callers.visitor;
    // Warm the visitors' cached answers, so the change must drop them.
    expect((await visitor.get('/api/catalog/home')).statusCode).toBe(200);

    const category = await callers.admin.post(adminApi.categories, categoryInput('Graduation Day', 0.5));
    expect(category.statusCode).toBe(201);
    const categoryId = category.json().id as string;
    const created = await callers.admin.post(adminApi.templates, templateInput('Cap Toss', categoryId));
    expect(created.statusCode).toBe(201);
    const templateId = created.json().id as string;

    // Without artwork it is not listed.
    let home = homeResponseSchema.parse((await visitor.get('/api/catalog/home')).json());
    expect(home.sections.some((s) => s.category?.id === categoryId)).toBe(false);

    const artwork = await callers.admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(templateId),
      payload: await animatedGif(),
      headers: { 'content-type': 'image/gif' },
    });
    expect(artwork.statusCode).toBe(200);
    expect(artwork.json().animatedUrl).not.toBeNull();

    home = homeResponseSchema.parse((await visitor.get('/api/catalog/home')).json());
    expect(home.sections[0]!.kind).toBe('new-drops');
    expect(home.sections[0]!.templates[0]!.id).toBe(templateId);
    expect(home.sections[1]!.category?.id).toBe(categoryId);
    expect(home.sections[1]!.category?.translations.ar).toBe('تخرج');
    const shown = home.sections[1]!.templates[0]!;
    expect(shown).toMatchObject({ id: templateId, isNew: true });
    expect(shown.translations.name).toEqual({ ar: 'قالب', ru: 'Шаблон' });
    const animation = await visitor.get(shown.animatedUrl!);
    expect(animation.statusCode).toBe(200);
    const sharp = (await import('sharp')).default;
    expect((await sharp(animation.rawPayload, { animated: true }).metadata()).pages).toBe(3);

    // Ranked by number behind Birthday (1) and Wedding (2), its row moves down.
    await callers.admin.request({
      method: 'PUT',
      url: adminApi.categoryRanks,
      payload: { ranks: [{ id: categoryId, rank: 3 }] },
    });
    home = homeResponseSchema.parse((await visitor.get('/api/catalog/home')).json());
    expect(home.sections.filter((s) => s.kind === 'category').map((s) => s.category!.id)).toEqual([
      'birthday',
      'wedding',
      categoryId,
      'eid',
      'thank-you',
    ]);

    // Renaming the category keeps its templates.
    const renamed = await callers.admin.request({
      method: 'PUT',
      url: adminApi.category(categoryId),
      payload: categoryInput('Graduations', 3),
    });
    expect(renamed.statusCode).toBe(200);
    const page = (await visitor.get('/api/catalog/templates?category=Graduations')).json();
    expect(page.items.map((t: { id: string }) => t.id)).toEqual([templateId]);

    // A new Russian name reaches the visitors at once.
    const input = templateInput('Cap Toss', categoryId);
    const retitled = await callers.admin.request({
      method: 'PUT',
      url: adminApi.template(templateId),
      payload: {
        ...input,
        translations: { ...input.translations, name: { ar: 'قالب', ru: 'Подбрось шапку' } },
      },
    });
    expect(retitled.statusCode).toBe(200);
    const retitledSummary = templateSummarySchema.parse(
      (await visitor.get(`/api/catalog/templates/${templateId}`)).json(),
    );
    expect(retitledSummary.translations.name).toEqual({ ar: 'قالب', ru: 'Подбрось шапку' });

    // Hidden: gone from the category row and from New Drops.
    const hidden = await callers.admin.request({
      method: 'PUT',
      url: adminApi.template(templateId),
      payload: { ...templateInput('Cap Toss', categoryId), isActive: false },
    });
    expect(hidden.statusCode).toBe(200);
    home = homeResponseSchema.parse((await visitor.get('/api/catalog/home')).json());
    expect(home.sections.flatMap((s) => s.templates).some((t) => t.id === templateId)).toBe(false);
    expect((await visitor.get(`/api/catalog/templates/${templateId}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name and type say', async () => {
    const created = await callers.admin.post(adminApi.templates, templateInput('Plain', 'birthday'));
    const response = await callers.admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(created.json().id),
      payload: Buffer.from('This is a text file renamed to card.png\n'.repeat(20)),
      headers: { 'content-type': 'image/png' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'not-an-image' });
    const still = await callers.admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(created.json().id),
      payload: await stillPng(),
      headers: { 'content-type': 'image/png' },
    });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ animatedUrl: null });
  });

  it('takes a cover per language (en, ar, ru) that visitors in that language see, and falls back once it is removed', async () => {
    const created = await callers.admin.post(adminApi.templates, templateInput('Lettered', 'birthday'));
    const id: string = created.json().id;
    const upload = async (url: string, color: string) => {
      const response = await callers.admin.request({
        method: 'PUT',
        url,
        payload: await stillPng(color),
        headers: { 'content-type': 'image/png' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return adminTemplateSchema.parse(response.json());
    };
    const colours = { default: '#c2185b', en: '#1565c0', ar: '#2e7d32', ru: '#f9a825' } as const;
    await upload(adminApi.templateArtwork(id), colours.default);
    const visitor = callers.visitor;
    /** The colour of the cover a visitor in `language` is shown, picked as the pages pick it. */
    const shownColour = async (language: Language) => {
      const template = templateSummarySchema.parse(
        (await visitor.get(`/api/catalog/templates/${id}`)).json(),
      );
      const cover = await visitor.get(templatePictures(template, language).coverUrl);
      expect(cover.statusCode).toBe(200);
      const { dominant } = await sharp(cover.rawPayload).stats();
      return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    };
    const near = (shown: string, expected: string) =>
      [1, 3, 5].every(
        (i) => Math.abs(parseInt(shown.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) < 40,
      );

    for (const language of LANGUAGES) {
      expect(near(await shownColour(language), colours.default), `${language} before`).toBe(true);
      const saved = await upload(adminApi.templateLanguageArtwork(id, language), colours[language]);
      expect(saved.languageCovers[language]?.coverUrl).toEqual(expect.any(String));
      expect(near(await shownColour(language), colours[language]), `${language} after`).toBe(true);
    }
    // Each language keeps its own cover.
    for (const language of LANGUAGES) expect(near(await shownColour(language), colours[language])).toBe(true);

    const removed = await callers.admin.request({
      method: 'DELETE',
      url: adminApi.templateLanguageArtwork(id, 'ar'),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(Object.keys(adminTemplateSchema.parse(removed.json()).languageCovers).sort()).toEqual([
      'en',
      'ru',
    ]);
    expect(near(await shownColour('ar'), colours.default)).toBe(true);
    expect(near(await shownColour('ru'), colours.ru)).toBe(true);

    const notImage = await callers.admin.request({
      method: 'PUT',
      url: adminApi.templateLanguageArtwork(id, 'ru'),
      payload: Buffer.from('not an image at all\n'.repeat(20)),
      headers: { 'content-type': 'image/png' },
    });
    expect(notImage.json()).toMatchObject({ code: 'not-an-image' });
    const unknownLanguage = await callers.admin.request({
      method: 'PUT',
      url: `${adminApi.templateArtwork(id)}/fr`,
      payload: await stillPng(),
      headers: { 'content-type': 'image/png' },
    });
    expect(unknownLanguage.statusCode).toBe(400);
    for (const caller of [callers.user, callers.visitor]) {
      const refused = await caller.request({
        method: 'DELETE',
        url: adminApi.templateLanguageArtwork(id, 'ru'),
      });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('deletes only what nothing uses, and hides the rest', async () => {
    const used = (await callers.admin.post(adminApi.templates, templateInput('Used', 'wedding'))).json();
    const unused = (await callers.admin.post(adminApi.templates, templateInput('Unused', 'wedding'))).json();
    const cardId = await insertCard(use(), {});
    await use()
      .database.db.updateTable('cards')
      .set({ templateId: used.id })
      .where('id', '=', cardId)
      .execute();

    const del = (url: string) => callers.admin.request({ method: 'DELETE', url });
    expect((await del(adminApi.template(used.id))).json()).toEqual({ outcome: 'hidden' });
    expect((await del(adminApi.template(unused.id))).json()).toEqual({ outcome: 'deleted' });
    expect((await del(adminApi.category('birthday'))).json()).toEqual({ outcome: 'hidden' });
    const empty = (await callers.admin.post(adminApi.categories, categoryInput('Empty', null))).json();
    expect((await del(adminApi.category(empty.id))).json()).toEqual({ outcome: 'deleted' });
    expect((await del(adminApi.style('playful'))).json()).toEqual({ outcome: 'hidden' });
    expect((await del(adminApi.event('ev-love'))).json()).toEqual({ outcome: 'deleted' });

    const catalog = (await callers.admin.get(adminApi.catalog)).json();
    expect(catalog.templates.find((t: { id: string }) => t.id === used.id).isActive).toBe(false);
    expect(catalog.templates.some((t: { id: string }) => t.id === unused.id)).toBe(false);
    expect(catalog.categories.find((c: { id: string }) => c.id === 'birthday').isActive).toBe(false);
    // Put back for the other tests.
    await callers.admin.request({
      method: 'PUT',
      url: adminApi.category('birthday'),
      payload: { ...categoryInput('Birthday', 1), translations: {}, tags: ['birthday'] },
    });
  });

  it('refuses a second category with the same name', async () => {
    const response = await callers.admin.post(adminApi.categories, categoryInput('wedding', null));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'name-taken' });
  });

  it('records every change with who made it, newest first', async () => {
    const changes = (await callers.admin.get(adminApi.changes)).json().items;
    expect(changes.length).toBeGreaterThan(8);
    expect(changes.every((c: { actorEmail: string }) => c.actorEmail === ADMIN_EMAIL)).toBe(true);
    const actions = changes.map(
      (c: { action: string; subjectKind: string }) => `${c.action} ${c.subjectKind}`,
    );
    for (const expected of ['create category', 'create template', 'artwork template', 'rank catalog']) {
      expect(actions).toContain(expected);
    }
    expect(actions).toContain('hide template');
    expect(actions).toContain('delete template');
    const rename = changes.find(
      (c: { action: string; subjectName: string }) =>
        c.action === 'update' && c.subjectName === 'Graduations',
    );
    expect(rename.fields).toEqual(['name']);
  });

  it('counts cards made and shared per template and category over 7 and 30 days, invitations and answers over 30', async () => {
    const { db, codec } = use().database;
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const day = 24 * 60 * 60 * 1000;
    const cards: [string, number, boolean][] = [
      ['birthday-01', 1, true],
      ['birthday-01', 3, false],
      ['birthday-01', 20, true],
      ['birthday-02', 2, true],
      ['birthday-02', 40, true],
    ];
    for (const [index, [templateId, daysAgo, shared]] of cards.entries()) {
      const at = new Date(now.getTime() - daysAgo * day);
      const id = await insertCard(use(), {});
      await db
        .updateTable('cards')
        .set({ templateId, createdAt: codec.date(at) })
        .where('id', '=', id)
        .execute();
      if (shared) {
        await db
          .insertInto('creditLedger')
          .values({
            id: `usage-${index}-${use().dialect}`,
            userId: admin.id,
            delta: -30,
            balanceAfter: 70,
            reason: 'card-unlock',
            reference: id,
            idempotencyKey: `card-unlock:${id}`,
            createdAt: codec.date(at),
          })
          .execute();
      }
    }
    // One of birthday-01's recent cards is an invitation a guest answered twice (two answers counted).
    const invitationId = await insertCard(use(), {});
    await db
      .updateTable('cards')
      .set({
        templateId: 'birthday-01',
        createdAt: codec.date(new Date(now.getTime() - 2 * day)),
        invitation: codec.json({ title: 'Party' }),
      })
      .where('id', '=', invitationId)
      .execute();
    const guestId = `usage-guest-${use().dialect}`;
    await db
      .insertInto('invitationGuests')
      .values({
        id: guestId,
        cardId: invitationId,
        token: `usage-token-${use().dialect}`,
        name: 'Leila',
        email: null,
        maxPlusOnes: null,
        addedBy: 'host',
        createdAt: codec.date(now),
        openedAt: null,
        greetingClipId: null,
        answeredAt: null,
        answeredBy: null,
        waitlistedAt: null,
      })
      .execute();
    for (const number of [1, 2]) {
      await db
        .insertInto('invitationAnswerChanges')
        .values({
          guestId,
          number,
          cardId: invitationId,
          at: codec.date(new Date(now.getTime() - day)),
          by: 'guest',
          fromState: 'pending',
          toState: 'yes',
          fromHeadcount: 0,
          toHeadcount: 1,
          answer: codec.json({}),
        })
        .execute();
    }
    const usage = (await callers.admin.get(adminApi.usage)).json();
    expect(usage.templates.find((t: { id: string }) => t.id === 'birthday-01')).toEqual({
      id: 'birthday-01',
      made7: 3,
      made30: 4,
      shared7: 1,
      shared30: 2,
      invitations30: 1,
      answers30: 2,
    });
    expect(usage.templates.find((t: { id: string }) => t.id === 'birthday-02')).toMatchObject({
      made30: 1,
      shared30: 1,
    });
    expect(usage.categories.find((c: { id: string }) => c.id === 'birthday')).toEqual({
      id: 'birthday',
      made7: 4,
      made30: 5,
      shared7: 2,
      shared30: 3,
      invitations30: 1,
      answers30: 2,
    });
  });

  it('puts a category at the rank typed for it and renumbers the others 1, 2, 3… without gaps or duplicates', async () => {
    const ranked = async (): Promise<{ name: string; rank: number }[]> => {
      const { categories } = adminCatalogSchema.parse((await callers.admin.get(adminApi.catalog)).json());
      return orderCategories(categories)
        .filter((c) => c.rank !== null)
        .map((c) => ({ name: c.name, rank: c.rank! }));
    };
    const names = (rows: { name: string }[]) => rows.map((row) => row.name);
    const inOrder = (rows: { rank: number }[]) => rows.map((_, index) => index + 1);
    const others = names(await ranked());
    expect(others.length).toBeGreaterThanOrEqual(3);

    // A new category typed in at 1 comes first; the one that was 1 is now 2, and so on.
    const created = await callers.admin.post(adminApi.categories, categoryInput('Rank Test Day', 1));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().rank).toBe(1);
    let rows = await ranked();
    expect(names(rows)).toEqual(['Rank Test Day', ...others]);
    expect(rows.map((row) => row.rank)).toEqual(inOrder(rows));

    // Edited to 3: it moves there, the two before it move up.
    const save = (rank: number | null) =>
      callers.admin.request({
        method: 'PUT',
        url: adminApi.category(id),
        payload: categoryInput('Rank Test Day', rank),
      });
    expect((await save(3)).statusCode).toBe(200);
    rows = await ranked();
    expect(names(rows)).toEqual([others[0], others[1], 'Rank Test Day', ...others.slice(2)]);
    expect(rows.map((row) => row.rank)).toEqual(inOrder(rows));
    // The log says where it went.
    const { items } = catalogChangesSchema.parse((await callers.admin.get(adminApi.changes)).json());
    expect(items.find((change) => change.subjectId === id && change.action === 'update')!.changes).toEqual([
      { field: 'rank', before: { kind: 'number', value: 1 }, after: { kind: 'number', value: 3 } },
    ]);

    // Unranked: the gap it leaves closes.
    expect((await save(null)).statusCode).toBe(200);
    rows = await ranked();
    expect(names(rows)).toEqual(others);
    expect(rows.map((row) => row.rank)).toEqual(inOrder(rows));

    // A rank past the end: last, right after the others.
    expect((await save(99)).statusCode).toBe(200);
    rows = await ranked();
    expect(names(rows)).toEqual([...others, 'Rank Test Day']);
    expect(rows.map((row) => row.rank)).toEqual(inOrder(rows));

    // Several at once (rows dragged into order) renumber the same way.
    const ranks = await callers.admin.request({
      method: 'PUT',
      url: adminApi.categoryRanks,
      payload: { ranks: [{ id, rank: 1 }] },
    });
    expect(ranks.statusCode).toBe(204);
    rows = await ranked();
    expect(names(rows)).toEqual(['Rank Test Day', ...others]);
    expect(rows.map((row) => row.rank)).toEqual(inOrder(rows));
    await callers.admin.request({ method: 'DELETE', url: adminApi.category(id) });
    expect(names(await ranked())).toEqual(others);
  });

  it('logs each field changed by its form label, with readable values: names, yes or no, a new image', async () => {
    const created = await callers.admin.post(adminApi.templates, templateInput('Log Test', 'birthday'));
    const id = created.json().id as string;
    const input = templateInput('Log Test', 'wedding');
    await callers.admin.request({
      method: 'PUT',
      url: adminApi.template(id),
      payload: {
        ...input,
        isActive: false,
        translations: { ...input.translations, name: { ar: 'سجل', ru: 'Шаблон' } },
      },
    });
    await callers.admin.request({
      method: 'PUT',
      url: adminApi.templateArtwork(id),
      payload: await stillPng('#5e35b1'),
      headers: { 'content-type': 'image/png' },
    });

    const { items } = catalogChangesSchema.parse((await callers.admin.get(adminApi.changes)).json());
    const mine = items.filter((change) => change.subjectId === id);
    const byAction = (action: string) => mine.find((change) => change.action === action)!;

    const creation = byAction('create');
    expect(creation.fields).toEqual(
      expect.arrayContaining(['name', 'nameAr', 'description', 'tags', 'category', 'style', 'active']),
    );
    expect(creation.changes.find((c) => c.field === 'category')).toEqual({
      field: 'category',
      before: null,
      after: { kind: 'reference', id: 'birthday', name: 'Birthday', translations: expect.any(Object) },
    });

    const update = byAction('update');
    expect(update.fields).toEqual(['nameAr', 'category', 'active']);
    expect(update.changes).toEqual([
      { field: 'nameAr', before: { kind: 'text', text: 'قالب' }, after: { kind: 'text', text: 'سجل' } },
      {
        field: 'category',
        before: { kind: 'reference', id: 'birthday', name: 'Birthday', translations: expect.any(Object) },
        after: { kind: 'reference', id: 'wedding', name: 'Wedding', translations: expect.any(Object) },
      },
      { field: 'active', before: { kind: 'boolean', value: true }, after: { kind: 'boolean', value: false } },
    ]);

    expect(byAction('artwork').changes).toEqual([
      { field: 'artwork', before: { kind: 'none' }, after: { kind: 'image' } },
    ]);

    // No stored column name reaches the log, old rows' included.
    const labels = new Set<string>(ADMIN_FIELDS);
    for (const change of items) {
      for (const field of change.fields) expect(labels).toContain(field);
    }
  });

  it('reaches the visitors of another instance at once (PostgreSQL)', async (context) => {
    if (use().dialect !== 'postgres') context.skip();
    // The other instance never polls the catalog version in this test: only the notification can tell it.
    const other = (await buildTestApp(use(), { now: () => now, catalogCheckIntervalMs: 3_600_000 })).app;
    try {
      const seen = async () =>
        homeResponseSchema
          .parse((await other.inject('/api/catalog/home')).json())
          .sections.some((section) => section.category?.name === 'Elsewhere');
      expect(await seen()).toBe(false);
      const category = (
        await callers.admin.post(adminApi.categories, categoryInput('Elsewhere', null))
      ).json();
      const template = (
        await callers.admin.post(adminApi.templates, templateInput('Far', category.id))
      ).json();
      await callers.admin.request({
        method: 'PUT',
        url: adminApi.templateArtwork(template.id),
        payload: await stillPng('#00897b'),
        headers: { 'content-type': 'image/png' },
      });
      const deadline = Date.now() + 2_000;
      while (!(await seen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await seen()).toBe(true);
    } finally {
      await other.close();
    }
  });
});
