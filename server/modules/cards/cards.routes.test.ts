import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import { templateSummarySchema } from '../../../shared/catalog/catalog.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  findCard,
  latestMail,
  pathOf,
  setCookies,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardsApi, catalogApi } from '../../../shared/api-paths.ts';

const OWNER_FIELDS = [
  'userId',
  'authorId',
  'guestSessionId',
  'transferredAt',
  'recipientImagePath',
  'videoPath',
  'audioPath',
];

const draft = cardDraft;

function patch(browser: TestBrowser, id: string, payload: unknown) {
  return browser.request({ method: 'PATCH', url: cardsApi.card(id), payload: payload as object });
}

/** The guest id inside a browser's signed guest cookie. */
function guestIdOf(browser: TestBrowser): string {
  const value = decodeURIComponent(browser.cookies.get('winc_guest') ?? '');
  return value.slice(0, value.lastIndexOf('.'));
}

function expectNoOwnerFields(body: Record<string, unknown>): void {
  for (const field of OWNER_FIELDS) expect(body, field).not.toHaveProperty(field);
}

describeEachDatabase('cards on the server', (use) => {
  let app: FastifyInstance;
  let clock = new Date();
  const tick = (ms = 60_000) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => clock }));
  });
  afterAll(() => app?.close());

  async function createAs(browser: TestBrowser, body: unknown = draft): Promise<Card> {
    const response = await browser.post(cardsApi.create, body);
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function setViewCount(id: string, viewCount: number): Promise<void> {
    await use().database.db.updateTable('cards').set({ viewCount }).where('id', '=', id).execute();
  }

  it('lets a guest create a card: a guest cookie is issued and the card is a private guest card', async () => {
    const guest = new TestBrowser(app);
    const response = await guest.post(cardsApi.create, {
      ...draft,
      senderName: '  Sam ',
      message: '\n Happy birthday! ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const cookie = setCookies(response).get('winc_guest');
    expect(cookie?.raw).toMatch(/HttpOnly/);
    const body = response.json<Record<string, unknown>>();
    expectNoOwnerFields(body);
    const card = cardSchema.parse(body);
    const template = templateSummarySchema.parse(
      (await app.inject(catalogApi.template('birthday-01'))).json(),
    );
    expect(card).toMatchObject({
      templateId: 'birthday-01',
      templateImageUrl: template.coverUrl,
      title: template.name,
      senderName: 'Sam',
      recipientName: 'Alex',
      name: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'female',
      textStyles: { fontFamily: 'default', fontSize: 14, color: '#333' },
      recipientImageUrl: null,
      videoUrl: null,
      audioUrl: null,
      isGuestCard: true,
      isPaid: false,
      isPublic: false,
      viewCount: 0,
      createdAt: clock.toISOString(),
      lastModified: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
    expect(card.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await findCard(use(), card.id)).toMatchObject({
      isGuestCard: true,
      guestSessionId: guestIdOf(guest),
      userId: null,
      authorId: null,
    });

    const read = await guest.get(cardsApi.card(card.id));
    expect(read.statusCode).toBe(200);
    expectNoOwnerFields(read.json());
    expect(read.json()).toEqual(card);

    const createdAt = card.createdAt;
    tick();
    const updated = await patch(guest, card.id, { message: 'Many happy returns', selectedVoice: 'male' });
    expect(updated.statusCode, updated.body).toBe(200);
    expectNoOwnerFields(updated.json());
    expect(updated.json()).toMatchObject({
      message: 'Many happy returns',
      selectedVoice: 'male',
      senderName: 'Sam',
      createdAt,
      lastModified: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
    expect((await guest.get(cardsApi.card(card.id))).json()).toEqual(updated.json());
  });

  it('keeps the same guest session for the next cards of the browser', async () => {
    const guest = new TestBrowser(app);
    const first = await createAs(guest);
    const guestId = guestIdOf(guest);
    const second = await createAs(guest);
    expect(guestIdOf(guest)).toBe(guestId);
    expect((await findCard(use(), second.id))?.guestSessionId).toBe(guestId);
    expect((await guest.get(cardsApi.card(first.id))).statusCode).toBe(200);
  });

  it("answers SPEC §5's checks in SPEC's order, after trimming, and saves nothing", async () => {
    const guest = new TestBrowser(app);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{}, 'templateId', 'card.templateRequired', 'Please select a template first'],
      [
        { ...draft, templateId: ' ' },
        'templateId',
        'card.templateRequired',
        'Please select a template first',
      ],
      [
        { ...draft, senderName: '', message: '' },
        'senderName',
        'card.senderRequired',
        'Please enter sender name',
      ],
      [{ ...draft, senderName: '   ' }, 'senderName', 'card.senderRequired', 'Please enter sender name'],
      [
        { ...draft, recipientName: '\t', message: ' ', selectedVoice: null },
        'recipientName',
        'card.recipientRequired',
        'Please enter recipient name',
      ],
      [{ ...draft, message: '\n \n' }, 'message', 'card.messageRequired', 'Please enter a message'],
      [{ ...draft, selectedVoice: null }, 'selectedVoice', 'card.voiceRequired', 'Please select an AI voice'],
    ];
    for (const [body, path, code, message] of cases) {
      const response = await guest.post(cardsApi.create, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation-failed',
        message,
        details: [{ path, message: code }],
      });
    }
    const count = await use()
      .database.db.selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guestSessionId', '=', guestIdOf(guest))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    // An edit that leaves the card incomplete is refused the same way, and changes nothing.
    const card = await createAs(guest);
    const cleared = await patch(guest, card.id, { selectedVoice: null, message: 'New words' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({ message: 'Please select an AI voice' });
    expect((await guest.get(cardsApi.card(card.id))).json()).toMatchObject({
      selectedVoice: 'female',
      message: 'Happy birthday!',
    });
  });

  it('refuses NUL and lone surrogates in names and message, and removes bidi controls from names', async () => {
    const guest = new TestBrowser(app);
    const bad: [string, string][] = [
      ['senderName', 'Sam\u0000'],
      ['recipientName', 'Al\uD83Dex'],
      ['recipientName', '\uDE00Alex'],
      ['message', 'Happy\u0000birthday'],
      ['message', 'Happy \uD800'],
    ];
    for (const [field, value] of bad) {
      const response = await guest.post(cardsApi.create, { ...draft, [field]: value });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation-failed',
        message: 'The request is not valid.',
        details: [{ path: field, message: 'invalid-characters' }],
      });
    }
    const card = await createAs(guest, {
      ...draft,
      senderName: '\u202ESam\u202C \u{1F600}',
      recipientName: ' \u2067\u0633\u0627\u0645\u2069 ',
      message: 'Hi \u2067\u0633\u0627\u0645\u2069!',
    });
    expect([card.senderName, card.recipientName]).toEqual(['Sam \u{1F600}', '\u0633\u0627\u0645']);
    // The message is free text: an isolate there is the writer's own layout, not a name pretending to be text.
    expect(card.message).toBe('Hi \u2067\u0633\u0627\u0645\u2069!');
    const edited = await patch(guest, card.id, { senderName: 'S\u202Dam', recipientName: 'A\uDBFF' });
    expect(edited.statusCode).toBe(400);
    expect((await patch(guest, card.id, { senderName: '\u202Bam\u202A' })).json().senderName).toBe('am');
  });

  it('validates text styles (known fonts, a colour pattern, a bounded size) and applies the defaults', async () => {
    const guest = new TestBrowser(app);
    for (const textStyles of [
      { fontFamily: 'Wingdings' },
      { color: 'red' },
      { color: '#333;background:url(https://evil.example)' },
      { fontSize: 400 },
      { fontSize: 2 },
      { fontFamily: 'Arial', fontWeight: 'bold' },
    ]) {
      const response = await guest.post(cardsApi.create, { ...draft, textStyles });
      expect(response.statusCode, JSON.stringify(textStyles)).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
    const tooLong = await guest.post(cardsApi.create, { ...draft, message: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);

    const card = await createAs(guest, { ...draft, textStyles: { color: '#ff0000' } });
    expect(card.textStyles).toEqual({ fontFamily: 'default', fontSize: 14, color: '#ff0000' });
    const restyled = await patch(guest, card.id, { textStyles: { fontFamily: 'Creepster', fontSize: 32 } });
    expect(restyled.json().textStyles).toEqual({ fontFamily: 'Creepster', fontSize: 32, color: '#ff0000' });
    expect((await patch(guest, card.id, { textStyles: { fontSize: 49 } })).statusCode).toBe(400);
  });

  it('answers another guest, a signed-in stranger and a forged cookie exactly like an unknown id', async () => {
    const owner = new TestBrowser(app);
    const card = await createAs(owner);
    const unknownId = 'A'.repeat(22);
    const strangers: [string, TestBrowser][] = [];
    const otherGuest = new TestBrowser(app);
    await otherGuest.post('/api/guest-session');
    strangers.push(['another guest', otherGuest]);
    strangers.push(['a signed-in stranger', (await signUpAndVerify(app, use())).browser]);
    const forged = new TestBrowser(app);
    forged.cookies.set('winc_guest', encodeURIComponent(`${guestIdOf(owner)}.${'A'.repeat(43)}`));
    strangers.push(['a forged guest cookie', forged]);
    const bare = new TestBrowser(app);
    bare.cookies.set('winc_guest', encodeURIComponent(guestIdOf(owner)));
    strangers.push(['an unsigned guest id', bare]);
    strangers.push(['no cookie at all', new TestBrowser(app)]);

    const notFound = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      body: response.json(),
    });
    const expected = { status: 404, body: { code: 'card-not-found', message: 'Card not found.' } };
    expect(notFound(await owner.get(cardsApi.card(unknownId)))).toEqual(expected);
    expect(notFound(await patch(owner, unknownId, { message: 'x' }))).toEqual(expected);
    expect(notFound(await owner.get(cardsApi.card('../../etc/passwd')))).toEqual(expected);

    for (const [who, browser] of strangers) {
      expect(notFound(await browser.get(cardsApi.card(card.id))), who).toEqual(expected);
      expect(notFound(await patch(browser, card.id, { message: `Hacked by ${who}` })), who).toEqual(expected);
      // Even an invalid edit answers "not found" first: the checks never reveal a card to a stranger.
      expect(notFound(await patch(browser, card.id, { selectedVoice: null })), who).toEqual(expected);
    }
    expect((await owner.get(cardsApi.card(card.id))).json()).toMatchObject({ message: 'Happy birthday!' });
  });

  it('answers an over-long or malformed id on every card route exactly like an unknown id', async () => {
    const { browser } = await signUpAndVerify(app, use());
    await createAs(browser);
    // Path segments as they appear in the URL: not encoded again.
    const unknown = 'A'.repeat(22);
    const odd = ['a'.repeat(10_000), 'A'.repeat(101), '%E0%A4%A', '%', '%zz', 'x%00y', '%F0%9F%98'];
    const routes: [string, (id: string) => Promise<LightMyRequestResponse>][] = [
      ['GET', (id) => browser.get(`/api/cards/${id}`)],
      [
        'PATCH',
        (id) => browser.request({ method: 'PATCH', url: `/api/cards/${id}`, payload: { message: 'x' } }),
      ],
      ['DELETE', (id) => browser.request({ method: 'DELETE', url: `/api/cards/${id}` })],
      ['unlock', (id) => browser.post(`/api/cards/${id}/unlock`)],
      [
        'media PUT',
        (id) =>
          browser.request({
            method: 'PUT',
            url: `/api/cards/${id}/media/audio`,
            payload: Buffer.from('not audio'),
            headers: { 'content-type': 'application/octet-stream' },
          }),
      ],
      ['media DELETE', (id) => browser.request({ method: 'DELETE', url: `/api/cards/${id}/media/audio` })],
      ['media GET', (id) => browser.get(`/media/cards/${id}/audio/AAAAAAAAAAAAAAAA.mp3`)],
    ];
    const answer = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    });
    for (const [route, call] of routes) {
      const expected = answer(await call(unknown));
      expect(expected.status, route).toBe(404);
      for (const id of odd) expect(answer(await call(id)), `${route} ${id.slice(0, 12)}`).toEqual(expected);
    }
  });

  it('lets a signed-in user create, read and update their own card, without a guest session', async () => {
    const { browser, email } = await signUpAndVerify(app, use());
    const response = await browser.post(cardsApi.create, draft);
    expect(response.statusCode).toBe(201);
    expect(setCookies(response).has('winc_guest')).toBe(false);
    expectNoOwnerFields(response.json());
    const card = cardSchema.parse(response.json());
    expect(card.isGuestCard).toBe(false);
    const user = await use()
      .database.db.selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await findCard(use(), card.id)).toMatchObject({
      userId: user.id,
      authorId: user.id,
      isGuestCard: false,
      guestSessionId: null,
    });
    expect((await browser.get(cardsApi.card(card.id))).json()).toEqual(card);
    const updated = await patch(browser, card.id, { recipientName: ' Jordan ', templateId: 'wedding-1' });
    expect(updated.statusCode, updated.body).toBe(200);
    const wedding = templateSummarySchema.parse((await app.inject(catalogApi.template('wedding-1'))).json());
    expect(updated.json()).toMatchObject({
      recipientName: 'Jordan',
      name: 'Jordan',
      templateId: 'wedding-1',
      templateImageUrl: wedding.coverUrl,
      title: 'Golden Vows',
    });
  });

  it('never overwrites createdAt, viewCount, isPaid, isPublic or the owner on update', async () => {
    const guest = new TestBrowser(app);
    const card = await createAs(guest);
    await setViewCount(card.id, 7);
    await use()
      .database.db.updateTable('cards')
      .set({ isPaid: use().database.codec.bool(true) })
      .where('id', '=', card.id)
      .execute();
    tick();
    for (const forbidden of [
      { viewCount: 0 },
      { createdAt: new Date(0).toISOString() },
      { isPaid: false },
      { isPublic: true },
      { userId: 'someone' },
      { guestSessionId: 'guest_1_x' },
    ]) {
      const refused = await patch(guest, card.id, { ...forbidden, message: 'Sneaky' });
      expect(refused.statusCode, JSON.stringify(forbidden)).toBe(400);
    }
    const updated = await patch(guest, card.id, { ...draft, message: 'Edited' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Edited',
      viewCount: 7,
      isPaid: true,
      isPublic: false,
      createdAt: card.createdAt,
      lastModified: clock.toISOString(),
    });
    const stored = await use()
      .database.db.selectFrom('cards')
      .select(['viewCount', 'createdAt', 'guestSessionId'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.viewCount)).toBe(7);
    expect(use().database.codec.readDate(stored.createdAt).toISOString()).toBe(card.createdAt);
    expect(stored.guestSessionId).toBe(guestIdOf(guest));
  });

  it('refuses an unknown or unlisted template with template-not-found', async () => {
    const guest = new TestBrowser(app);
    for (const templateId of ['no-such-template', 'easter-1', 'no-image-1']) {
      const response = await guest.post(cardsApi.create, { ...draft, templateId });
      expect(response.statusCode, templateId).toBe(404);
      expect(response.json().code).toBe('template-not-found');
    }
    const card = await createAs(guest);
    const moved = await patch(guest, card.id, { templateId: 'easter-1' });
    expect(moved.json().code).toBe('template-not-found');
    expect((await guest.get(cardsApi.card(card.id))).json().templateId).toBe('birthday-01');
  });

  it("moves the guest's card to the account at sign-up and verification; the guest cookie loses it", async () => {
    const browser = new TestBrowser(app);
    const card = await createAs(browser);
    const guestCookie = browser.cookies.get('winc_guest')!;
    const email = uniqueEmail('carder');
    await browser.post('/api/auth/sign-up/email', {
      name: 'Carder',
      email,
      password: 'correct horse battery',
    });
    const mail = await latestMail(use(), email, 'verify-email');
    expect((await browser.get(pathOf(mail!.link))).statusCode).toBe(302);

    const read = await browser.get(cardsApi.card(card.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: card.id, isGuestCard: false });
    expectNoOwnerFields(read.json());
    expect((await patch(browser, card.id, { message: 'Now mine' })).statusCode).toBe(200);

    const oldGuest = new TestBrowser(app);
    oldGuest.cookies.set('winc_guest', guestCookie);
    expect((await oldGuest.get(cardsApi.card(card.id))).json()).toEqual({
      code: 'card-not-found',
      message: 'Card not found.',
    });
    expect((await patch(oldGuest, card.id, { message: 'Still mine?' })).statusCode).toBe(404);
  });

  it('limits card creation per client (60 an hour)', async () => {
    const guest = new TestBrowser(app);
    for (let i = 0; i < 60; i++) await createAs(guest);
    const refused = await guest.post(cardsApi.create, draft);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate-limited');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
