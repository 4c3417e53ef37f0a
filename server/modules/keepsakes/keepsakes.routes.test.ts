import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardsApi, keepsakesApi } from '../../../shared/api-paths.ts';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import type { AppConfig } from '../../platform/config.ts';
import { createFileStorage } from '../../platform/storage/create-file-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { pdfAttachment } from './keepsakes.routes.ts';

const ARABIC = 'عيد ميلاد سعيد يا ليلى! أتمنى لك سنة مليئة بالفرح';

async function textOf(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await document.getPage(2);
  const { items } = await page.getTextContent();
  const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
  return { text: text.replace(/\s+/gu, ' '), size: page.view.slice(2).map(Math.round) };
}

/**
 * The card's PDF (DESIGN §1.21): to whoever its share link opens it for, by the link's rules, counting no
 * view; to its owner; made once per card version and paper, and kept only while it is the card's newest.
 */
describeEachDatabase('the card saved as a PDF', (use) => {
  let app: FastifyInstance;
  let storage: FileStorage;

  beforeAll(async () => {
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    let config: AppConfig;
    ({ app, config } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN } }));
    storage = await createFileStorage(config);
  });
  afterAll(() => app?.close());

  async function createCard(browser: TestBrowser, fields: Record<string, unknown> = {}): Promise<Card> {
    const response = await browser.post(cardsApi.create, { ...cardDraft, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function unlock(browser: TestBrowser, card: Card) {
    const response = await browser.post(cardsApi.unlock(card.id));
    expect(response.statusCode, response.body).toBe(200);
  }

  it('gives anyone with the link a paid card as a PDF download in logical order, counting no view', async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser, { message: ARABIC, recipientName: 'ليلى' });
    await unlock(owner.browser, card);

    const visitor = new TestBrowser(app);
    const response = await visitor.get(keepsakesApi.publicPdf(card.id), { 'accept-language': 'ar-SA,ar' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(pdfAttachment('winc-ليلى'));
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="winc\.pdf"; filename\*=UTF-8''/,
    );
    const { text, size } = await textOf(response.rawPayload);
    expect(text).toContain(ARABIC);
    expect(size).toEqual([420, 595]);

    // Saving it is not opening it: the owner's count stays.
    const mine = cardSchema.parse((await owner.browser.get(cardsApi.card(card.id))).json());
    expect(mine.viewCount).toBe(0);
  });

  it('is made once per card version and paper: the same bytes again, new ones after an edit or on Letter', async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    await unlock(owner.browser, card);
    const visitor = new TestBrowser(app);
    const first = await visitor.get(keepsakesApi.publicPdf(card.id));
    const second = await visitor.get(keepsakesApi.publicPdf(card.id));
    expect(second.statusCode).toBe(200);
    // pdfkit stamps each file with its creation time and id: equal bytes are the stored file read back.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const letter = await visitor.get(keepsakesApi.publicPdf(card.id), { 'accept-language': 'en-US,en' });
    expect((await textOf(letter.rawPayload)).size).toEqual([612, 792]);

    const edit = await owner.browser.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { message: 'Happy birthday, dear Alex!' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await visitor.get(keepsakesApi.publicPdf(card.id));
    expect((await textOf(edited.rawPayload)).text).toContain('Happy birthday, dear Alex!');
  });

  it('answers like the link for an unpaid, deleted or unknown card, and serves the owner theirs', async () => {
    const owner = await signUpAndVerify(app, use());
    const unpaid = await createCard(owner.browser);
    const visitor = new TestBrowser(app);
    const notReady = await visitor.get(keepsakesApi.publicPdf(unpaid.id));
    expect(notReady.json()).toMatchObject({ code: 'card-not-ready' });
    const unknown = await visitor.get(keepsakesApi.publicPdf('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'card-not-found' });

    // The owner has theirs from My WINCS; nobody else has it that way.
    const own = await owner.browser.get(keepsakesApi.ownerPdf(unpaid.id));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const notTheirs = await visitor.get(keepsakesApi.ownerPdf(unpaid.id));
    expect(notTheirs.json()).toMatchObject({ code: 'card-not-found' });

    await unlock(owner.browser, unpaid);
    const deleted = await owner.browser.request({ method: 'DELETE', url: cardsApi.card(unpaid.id) });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const removed = await visitor.get(keepsakesApi.publicPdf(unpaid.id));
    expect(removed.statusCode).toBe(410);
    expect(removed.json()).toMatchObject({ code: 'card-removed' });
  });

  /** The storage keys of the card's PDFs, each checked to be in storage or not as listed. */
  async function storedPdfsOf(cardId: string): Promise<string[]> {
    const rows = await use()
      .database.db.selectFrom('keepsakeFiles')
      .select('storageKey')
      .where('cardId', '=', cardId)
      .execute();
    return rows.map((row) => row.storageKey);
  }

  it("keeps only the card's newest PDF per paper, and none once the card or its account is gone", async () => {
    const owner = await signUpAndVerify(app, use());
    const card = await createCard(owner.browser);
    await unlock(owner.browser, card);
    const visitor = new TestBrowser(app);
    const made = await visitor.get(keepsakesApi.publicPdf(card.id));
    expect(made.statusCode, made.body).toBe(200);
    const [first] = await storedPdfsOf(card.id);
    expect(await storage.stat(first!)).not.toBeNull();

    const edit = await owner.browser.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { message: 'Happy birthday, dear Alex!' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await visitor.get(keepsakesApi.publicPdf(card.id))).statusCode).toBe(200);
    expect(
      (await visitor.get(keepsakesApi.publicPdf(card.id), { 'accept-language': 'en-US,en' })).statusCode,
    ).toBe(200);
    const kept = await storedPdfsOf(card.id);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(first);
    expect(await storage.stat(first!)).toBeNull();

    expect(
      (await owner.browser.request({ method: 'DELETE', url: cardsApi.card(card.id) })).statusCode,
    ).toBeLessThan(300);
    for (const key of kept) expect(await storage.stat(key)).toBeNull();

    // With the account: its other card's PDF goes too.
    const other = await createCard(owner.browser);
    await unlock(owner.browser, other);
    expect((await visitor.get(keepsakesApi.publicPdf(other.id))).statusCode).toBe(200);
    const [otherPdf] = await storedPdfsOf(other.id);
    const deleted = await owner.browser.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storage.stat(otherPdf!)).toBeNull();
  });
});
