import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { SESSION_APP_PAGES } from '../../../shared/pages/page-code.ts';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/pages/page-data.contract.ts';
import { createPageDocuments } from '../../platform/http/page-document.ts';
import type { TestBrowser } from '../../testing/accounts-fixture.ts';
import { TEST_ORIGIN, findUserByEmail, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import {
  accountsApi,
  appInfoApi,
  cardsApi,
  myWincsApi,
  paymentsApi,
  repliesApi,
} from '../../../shared/api-paths.ts';

/** The real build (the test command builds before it tests; alone, run `npm run build`). */
const webDistDir = path.resolve(import.meta.dirname, '../../../dist/web');

/** The data a page came with (`PageData`), or null when it has none. */
function pageDataOf(html: string): PageData | null {
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html)?.[1];
  return json ? (JSON.parse(json) as PageData) : null;
}

/** The markup of `<div id="root">` in a page: empty for a page the script draws. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  return html.slice(start, html.lastIndexOf('</div>', html.indexOf('</body>')));
}

/**
 * The pages that need the session, opened signed in, carry what their first screen would ask the API for,
 * the visitor's own and nobody else's, and are never stored; opened signed out, they are the app's page as
 * before.
 */
describeEachDatabase('the pages that need the session', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    expect(fs.existsSync(path.join(webDistDir, 'index.html')), 'dist/web is built').toBe(true);
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { WEB_DIST_DIR: webDistDir, PUBLIC_ORIGIN: TEST_ORIGIN } }));
  });
  afterAll(() => app?.close());

  /** A signed-in sender with credits enough for a few cards. */
  async function sender(): Promise<TestBrowser> {
    const { browser, email } = await signUpAndVerify(app, use());
    const { id } = (await findUserByEmail(use(), email))!;
    await use().database.db.updateTable('users').set({ credits: 1000 }).where('id', '=', id).execute();
    return browser;
  }

  async function paidCard(browser: TestBrowser, recipientName: string): Promise<Card> {
    const created = await browser.post(cardsApi.create, { ...cardDraft, recipientName });
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    expect((await browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    return card;
  }

  const answerOf = async (browser: TestBrowser, url: string) => (await browser.get(url)).json<unknown>();

  it("carries My WINCS' first screen for the signed-in sender, as the API answers it, in a private page", async () => {
    const owner = await sender();
    const card = await paidCard(owner, 'Bo');
    const draft = await owner.post(cardsApi.create, { ...cardDraft, recipientName: 'Cy' });
    expect(draft.statusCode).toBe(201);

    const response = await owner.get('/my-wincs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = pageDataOf(response.body);
    expect(data).toEqual({
      me: ((await answerOf(owner, accountsApi.me)) as { user: unknown }).user,
      appInfo: await answerOf(owner, appInfoApi.get),
      myWincs: { categoryId: null, answer: await answerOf(owner, myWincsApi.list) },
      drafts: await answerOf(owner, myWincsApi.drafts),
      newReplies: await answerOf(owner, repliesApi.newCounts),
    });
    expect(data?.myWincs?.answer.cards.map((shown) => shown.id)).toEqual([card.id]);
    expect(data?.drafts?.cards.map((shown) => shown.recipientName)).toEqual(['Cy']);
    // Rendered from that data, signed in: the card's tile, and the account's menu in the header.
    const root = rootOf(response.body);
    expect(root).toContain(`data-card-id="${card.id}"`);
    expect(root).toContain('data-testid="user-menu-button"');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    // The page's own code comes with the app's, and the first card's cover is fetched first.
    expect(head).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/my-wincs\.route-[^"]+\.js" \/>/,
    );
    expect(head).toContain(
      `<link rel="preload" as="image" href="${card.templateImageUrl}" fetchPriority="high"/>`,
    );
  });

  it("never keeps a signed-in visitor's rendering for another request, as it keeps those of every visitor's pages", async () => {
    const owner = await sender();
    await paidCard(owner, 'Bo');
    const data = pageDataOf((await owner.get('/my-wincs')).body)!;
    const pages = createPageDocuments(webDistDir, { origin: TEST_ORIGIN });
    const mine = await pages.render({
      page: 'other',
      url: '/my-wincs',
      language: 'en',
      sessionPage: SESSION_APP_PAGES['/my-wincs'],
      data,
    });
    expect(rootOf(mine!)).toContain('data-testid="my-winc"');
    expect(pages.kept).toBe(0);
    await pages.render({ page: 'other', url: '/faqs', language: 'en' });
    expect(pages.kept).toBe(1);
  });

  it("carries the grid of the address's category filter", async () => {
    const owner = await sender();
    await paidCard(owner, 'Bo');
    const { categories } = (await answerOf(owner, myWincsApi.list)) as { categories: { id: string }[] };
    const category = categories[0]!.id;
    const data = pageDataOf((await owner.get(`/my-wincs?category=${encodeURIComponent(category)}`)).body);
    expect(data?.myWincs).toEqual({
      categoryId: category,
      answer: await answerOf(owner, `${myWincsApi.list}?category=${encodeURIComponent(category)}`),
    });
  });

  it('gives each sender their own cards, whoever opened the page before', async () => {
    const first = await sender();
    const second = await sender();
    const firstCard = await paidCard(first, 'Bo');
    const secondCard = await paidCard(second, 'Di');
    const firstPage = pageDataOf((await first.get('/my-wincs')).body);
    const secondPage = pageDataOf((await second.get('/my-wincs')).body);
    expect(firstPage?.myWincs?.answer.cards.map((card) => card.id)).toEqual([firstCard.id]);
    expect(secondPage?.myWincs?.answer.cards.map((card) => card.id)).toEqual([secondCard.id]);
    expect(secondPage?.me?.id).not.toBe(firstPage?.me?.id);
  });

  it('gives a visitor who is not signed in the same page as before, without data', async () => {
    const anyAppPage = await app.inject('/no-such-page');
    for (const url of ['/my-wincs', '/my-wincs?category=x', '/profile', '/account-info', '/checkout']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(pageDataOf(response.body), url).toBeNull();
      expect(response.body, url).toBe(anyAppPage.body);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // A session cookie that opens no session is no session.
    const owner = await sender();
    const sessionCookie = [...owner.cookies.keys()].find((name) => name.endsWith('session_token'))!;
    const forged = await app.inject({ url: '/my-wincs', cookies: { [sessionCookie]: 'forged.value' } });
    expect(pageDataOf(forged.body)).toBeNull();
  });

  it('carries the user on the profile and account pages, and how payments are taken on checkout', async () => {
    const owner = await sender();
    const me = (await answerOf(owner, accountsApi.me)) as { user: { email: string } };
    for (const url of ['/profile', '/account-info']) {
      const response = await owner.get(url);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(pageDataOf(response.body), url).toEqual({
        me: me.user,
        appInfo: await answerOf(owner, appInfoApi.get),
      });
    }
    // The profile is rendered with its user; the account's forms and checkout's card are the script's.
    expect(rootOf((await owner.get('/profile')).body)).toContain(me.user.email);
    const checkoutPage = (await owner.get('/checkout')).body;
    expect(rootOf((await owner.get('/account-info')).body).trim()).toBe('');
    expect(rootOf(checkoutPage).trim()).toBe('');
    const checkout = pageDataOf(checkoutPage);
    expect(checkout?.paymentOptions).toEqual(await answerOf(owner, paymentsApi.options));
    expect(checkout?.me).toEqual(me.user);
  });

  it("asks for the session with a signed-in visitor's other app pages, beside the script", async () => {
    const owner = await sender();
    const card = await paidCard(owner, 'Bo');
    const preload = `<link rel="preload" as="fetch" href="${accountsApi.me}" crossorigin="anonymous" />`;
    for (const url of [`/my-wincs/${card.id}/guests`, '/admin']) {
      const signedIn = await owner.get(url);
      expect(signedIn.statusCode, url).toBe(200);
      expect(pageDataOf(signedIn.body), url).toBeNull();
      expect(signedIn.body, url).toContain(preload);
      expect((await app.inject(url)).body, url).not.toContain(preload);
    }
  });
});
