import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { sealedCardSchema } from '../../../shared/cards/reveal.contract.ts';
import { guestListSchema, type GuestList } from '../../../shared/invitations/guests.contract.ts';
import type { InvitationInput } from '../../../shared/invitations/invitation.contract.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';
import { cardsApi, invitationsApi, revealApi } from '../../../shared/api-paths.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { metaOf } from '../../testing/html-meta.ts';

const party = {
  title: 'Garden party',
  startsAt: '2027-06-05T16:00',
  timeZone: 'Europe/London',
  maxPlusOnes: 1,
} satisfies InvitationInput;

/**
 * A guest's own link (DESIGN §1.20): `/i/{token}` is answered with the recipient page's HTML already carrying
 * Open Graph and Twitter tags that name the guest, in the invitation's language, with a preview image naming
 * them (1200×630 JPEG, ≤ 300 KB); a removed guest's link, an unknown one and an unpaid invitation's get the
 * generic preview, the first two with 404 like an unknown card. Crawlers fetch the page: it tells the host
 * nothing.
 */
describeEachDatabase("a guest's own link page and its preview", (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    const webDir = path.join(use().dataDir, 'web-build');
    fs.mkdirSync(webDir, { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="generic" /><title>Winc</title></head><body><div id="root"></div></body></html>',
    );
    ({ app } = await buildTestApp(use(), {
      env: { PUBLIC_ORIGIN: TEST_ORIGIN, WEB_DIST_DIR: webDir },
      now: () => now,
    }));
  });
  afterAll(() => app?.close());

  /** An invitation with these guests, paid unless said otherwise. */
  async function invitationWith(
    guests: object[],
    options: { language?: 'en' | 'ar' | 'ru'; paid?: boolean; draft?: object } = {},
  ): Promise<{ host: TestBrowser; card: Card; list: GuestList }> {
    const { language = 'en', paid = true, draft = {} } = options;
    const { browser: host } = await signUpAndVerify(app, use());
    const created = await host.post(
      cardsApi.create,
      { ...cardDraft, language, invitation: party, ...draft },
      { [LANGUAGE_HEADER]: language },
    );
    expect(created.statusCode, created.body).toBe(201);
    const card = cardSchema.parse(created.json());
    const added = await host.post(invitationsApi.guests(card.id), { guests });
    expect(added.statusCode, added.body).toBe(201);
    if (paid) expect((await host.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    return { host, card, list: guestListSchema.parse(added.json()) };
  }

  async function previewOf(url: string) {
    const image = await new TestBrowser(app).get(new URL(url).pathname);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(image.rawPayload).metadata();
    return {
      bytes: image.rawPayload.length,
      width: metadata.width,
      height: metadata.height,
      format: metadata.format,
    };
  }

  const tokenOf = (linkPath: string) => linkPath.slice('/i/'.length);

  it('names the guest in the Open Graph and Twitter tags and in the preview image, and tells the host nothing', async () => {
    const { host, card, list } = await invitationWith([{ name: 'Leila' }, { name: 'Omar' }]);
    const [leila, omar] = list.guests;
    const page = await new TestBrowser(app).get(leila!.linkPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const html = page.body;
    expect(metaOf(html, 'og:title')).toBe("Leila, you're invited");
    expect(metaOf(html, 'twitter:title')).toBe("Leila, you're invited");
    expect(metaOf(html, 'og:description')).toContain('Sam invites you');
    expect(metaOf(html, 'og:url')).toBe(`${TEST_ORIGIN}${leila!.linkPath}`);
    expect(metaOf(html, 'og:locale')).toBe('en_US');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<title>Leila, you&#39;re invited · Winc</title>');
    expect(html).not.toContain('<title>Winc</title>');
    // The card's own recipient is not who this link is for, nor is the other guest.
    expect(html).not.toContain('Alex');
    expect(html).not.toContain('Omar');
    expect(html).not.toContain(card.message);
    // The browser asks for the guest's invitation with the page; a crawler loads no subresource.
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="${invitationsApi.invitation(tokenOf(leila!.linkPath))}" crossorigin="anonymous" />`,
    );

    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(
      new RegExp(`^${TEST_ORIGIN}/media/previews/guests/${tokenOf(leila!.linkPath)}/[\\w-]{16}\\.jpg$`),
    );
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(metaOf(html, 'og:image:alt')).toContain('Leila');
    const preview = await previewOf(image);
    expect(preview).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(preview.bytes).toBeLessThanOrEqual(300 * 1024);
    // Each guest has their own picture.
    const omarImage = metaOf((await new TestBrowser(app).get(omar!.linkPath)).body, 'og:image')!;
    expect(omarImage).not.toBe(image);
    expect(omarImage).toContain(tokenOf(omar!.linkPath));
    // An image named for one guest is not handed out under another's link.
    const version = image.split('/').pop()!;
    expect(
      (await new TestBrowser(app).get(`/media/previews/guests/${tokenOf(omar!.linkPath)}/${version}`))
        .statusCode,
    ).toBe(404);

    // Fetching the page (a messenger's crawler does) is not the guest opening their invitation.
    const after = guestListSchema.parse((await host.get(invitationsApi.guests(card.id))).json());
    expect(after.guests.map((guest) => guest.openedAt)).toEqual([null, null]);
  });

  it('shows a guest only the sealed cover and when it opens before the reveal, and does not mark their link opened', async () => {
    const { host, card, list } = await invitationWith([{ name: 'Leila' }]);
    const set = await host.request({
      method: 'PUT',
      url: revealApi(card.id),
      payload: { reveal: { at: '2026-12-01T09:00', timeZone: 'Europe/London' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const leila = list.guests[0]!;
    const answer = await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(leila.linkPath)));
    expect(answer.statusCode, answer.body).toBe(200);
    // What the sealed view needs, greeting the guest by name: nothing of the message or the event.
    expect(sealedCardSchema.parse(answer.json())).toEqual({
      sealed: true,
      id: card.id,
      templateImageUrl: card.templateImageUrl,
      senderName: card.senderName,
      recipientName: 'Leila',
      language: card.language,
      isInvitation: true,
      revealAt: '2026-12-01T09:00:00.000Z',
      timeZone: 'Europe/London',
    });
    expect(answer.body).not.toContain(party.title);
    expect(answer.body).not.toContain(card.message);
    const reply = await new TestBrowser(app).request({
      method: 'PUT',
      url: invitationsApi.answer(tokenOf(leila.linkPath)),
      payload: { status: 'yes' },
    });
    expect([reply.statusCode, reply.json().code]).toEqual([404, 'card-not-ready']);
    // The page is in the invitation's language, whatever the visitor's, as a sealed card's is; its preview
    // says when it opens, naming the guest, and nothing of the event.
    const page = await new TestBrowser(app).get(leila.linkPath, { 'accept-language': 'ru' });
    expect(page.body).toMatch(/<html lang="en" dir="ltr">/);
    expect(page.body).not.toContain(party.title);
    expect(metaOf(page.body, 'og:title')).toBe('A WINC for Leila opens Tuesday, December 1 at 09:00');
    expect(metaOf(page.body, 'og:description')).toBe(
      'Sam made something for you. It opens on Tuesday, December 1 at 09:00 (Europe/London).',
    );
    expect(await previewOf(metaOf(page.body, 'og:image')!)).toMatchObject({ width: 1200, height: 630 });
    const after = guestListSchema.parse((await host.get(invitationsApi.guests(card.id))).json());
    expect(after.guests.map((guest) => guest.openedAt)).toEqual([null]);
  });

  it("speaks the invitation's language and draws names in their script", async () => {
    const { list } = await invitationWith([{ name: 'ليلى' }], {
      language: 'ar',
      draft: { senderName: 'سامي', recipientName: 'الجميع' },
    });
    const html = (await new TestBrowser(app).get(list.guests[0]!.linkPath, { 'accept-language': 'en' })).body;
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(metaOf(html, 'og:locale')).toBe('ar_AR');
    expect(metaOf(html, 'og:title')).toContain('ليلى');
    expect(metaOf(html, 'og:description')).toContain('سامي');
    const preview = await previewOf(metaOf(html, 'og:image')!);
    expect(preview).toMatchObject({ width: 1200, height: 630 });
    expect(preview.bytes).toBeLessThanOrEqual(300 * 1024);
  });

  it("words the invitation's open group link as an invitation, in its language, with an image of its own", async () => {
    const { card } = await invitationWith([{ name: 'Leila' }], { draft: { recipientName: 'Everyone' } });
    const html = (await new TestBrowser(app).get(`/c/${card.id}`)).body;
    expect(metaOf(html, 'og:title')).toBe("Everyone, you're invited");
    expect(metaOf(html, 'og:description')).toContain('Sam invites you');
    expect(metaOf(html, 'og:image:alt')).toBe('An invitation for Everyone');
    expect(html).not.toContain('A WINC for');

    const { card: arabic } = await invitationWith([{ name: 'ليلى' }], {
      language: 'ar',
      draft: { senderName: 'سامي', recipientName: 'الجميع' },
    });
    const arabicHtml = (await new TestBrowser(app).get(`/c/${arabic.id}`)).body;
    expect(metaOf(arabicHtml, 'og:title')).toBe('الجميع، هذه دعوتك');
    const preview = await previewOf(metaOf(arabicHtml, 'og:image')!);
    expect(preview).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
  });

  it("gives a removed guest's link, an unknown one and an unpaid invitation's the generic preview: 404 but the unpaid one's 200", async () => {
    const { host, card, list } = await invitationWith([{ name: 'Leila' }, { name: 'Omar' }]);
    const [leila] = list.guests;
    const image = metaOf((await new TestBrowser(app).get(leila!.linkPath)).body, 'og:image')!;
    const removed = await host.request({ method: 'DELETE', url: invitationsApi.guest(card.id, leila!.id) });
    expect(removed.statusCode).toBe(204);
    const unpaid = await invitationWith([{ name: 'Nadia' }], { paid: false });

    // Crawlers and browsers alike: a link to no guest is not found, as an unknown card's link is; an unpaid
    // invitation's guest is there, and their link will open it once it is paid.
    for (const [link, status] of [
      [leila!.linkPath, 404],
      [unpaid.list.guests[0]!.linkPath, 200],
      ['/i/AAAAAAAAAAAAAAAAAAAAAA', 404],
      [`/i/${'a'.repeat(5000)}`, 404],
      ['/i/%E0%A4%A', 404],
    ] as const) {
      const page = await new TestBrowser(app).get(link, { 'accept-language': 'ru-RU,ru;q=0.9' });
      expect(page.statusCode, link).toBe(status);
      expect(page.headers['content-type'], link).toContain('text/html');
      const answer = await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(link)));
      expect(answer.json(), link).toMatchObject({
        code: status === 404 ? 'card-not-found' : 'card-not-ready',
      });
      expect(answer.statusCode, link).toBe(404);
      expect(metaOf(page.body, 'og:title'), link).toBe('Вам пришла открытка WINC');
      expect(metaOf(page.body, 'og:image'), link).toBe(`${TEST_ORIGIN}/media/previews/generic/ru.jpg`);
      expect(page.body, link).not.toContain('Leila');
      expect(page.body, link).not.toContain('Nadia');
      expect(page.body, link).not.toContain('rel="preload" as="image"');
    }
    // The removed guest's picture goes with their link.
    expect((await new TestBrowser(app).get(new URL(image).pathname)).statusCode).toBe(404);
    const nadia = unpaid.list.guests[0]!.linkPath.slice('/i/'.length);
    expect(
      (await new TestBrowser(app).get(`/media/previews/guests/${nadia}/AAAAAAAAAAAAAAAA.jpg`)).statusCode,
    ).toBe(404);
  });
});
