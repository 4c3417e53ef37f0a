import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import {
  guestInvitationSchema,
  guestListSchema,
  openRsvpResponseSchema,
  type GuestList,
  type RsvpInput,
} from '../../../shared/invitations/guests.contract.ts';
import type { InvitationInput } from '../../../shared/invitations/invitation.contract.ts';
import {
  TEST_ORIGIN,
  TestBrowser,
  latestMail,
  setTier,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { GUEST_LIST_EVENT, cardsApi, invitationsApi } from '../../../shared/api-paths.ts';
import { createGuestsRepository } from './guests.repository.ts';

/**
 * An invitation's guests (DESIGN §1.20): the host adds them by hand or by a pasted list or a CSV file, all or
 * none; each gets their own link, which greets them by name and takes their answer without an account, until
 * replies close; capacity and the waitlist hold however many answer at once.
 */

const party = {
  title: 'Garden party',
  startsAt: '2027-06-05T16:00',
  timeZone: 'Europe/London',
  rsvpBy: '2027-06-01T12:00',
  maxPlusOnes: 2,
  questions: [{ id: 'meal', kind: 'choice', prompt: 'Your meal', choices: ['Fish', 'Vegetarian'] }],
} satisfies InvitationInput;

const yes = (headcount = 1, extra: Partial<RsvpInput> = {}): RsvpInput => ({
  status: 'yes',
  headcount,
  ...extra,
});

describeEachDatabase("an invitation's guests and their answers", (use) => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-27T12:00:00Z');
  /** Every reading a millisecond later: the order of answers shows in their times. */
  const now = () => (clock = new Date(clock.getTime() + 1));

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now }));
  });
  afterAll(() => app?.close());

  async function invitation(host: TestBrowser, event: InvitationInput = party): Promise<Card> {
    const response = await host.post(cardsApi.create, { ...cardDraft, invitation: event });
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function pay(host: TestBrowser, card: Card): Promise<void> {
    const response = await host.post(cardsApi.unlock(card.id));
    expect(response.statusCode, response.body).toBe(200);
  }

  async function add(host: TestBrowser, card: Card, guests: object[]): Promise<GuestList> {
    const response = await host.post(invitationsApi.guests(card.id), { guests });
    expect(response.statusCode, response.body).toBe(201);
    return guestListSchema.parse(response.json());
  }

  function importList(
    host: TestBrowser,
    card: Card,
    body: string | Buffer,
    type = 'text/csv; charset=utf-8',
  ) {
    return host.request({
      method: 'POST',
      url: invitationsApi.importGuests(card.id),
      payload: body,
      headers: { 'content-type': type },
    });
  }

  async function listOf(host: TestBrowser, card: Card): Promise<GuestList> {
    const response = await host.get(invitationsApi.guests(card.id));
    expect(response.statusCode, response.body).toBe(200);
    return guestListSchema.parse(response.json());
  }

  const tokenOf = (linkPath: string) => linkPath.slice('/i/'.length);

  function answer(token: string, body: RsvpInput | null): Promise<LightMyRequestResponse> {
    const guest = new TestBrowser(app);
    return body === null
      ? guest.request({ method: 'DELETE', url: invitationsApi.answer(token) })
      : guest.request({ method: 'PUT', url: invitationsApi.answer(token), payload: body });
  }

  /** A paid invitation of a signed-in host (on Premium: 500 guests) with these guests, added before payment. */
  async function paidWith(guests: object[], event: InvitationInput = party) {
    const host = await signUpAndVerify(app, use());
    await setTier(use(), host.email, 'premium_monthly');
    const card = await invitation(host.browser, event);
    const list = await add(host.browser, card, guests);
    await pay(host.browser, card);
    return { host: host.browser, card, list };
  }

  it('adds guests by hand, each with their own link, in the order they were added', async () => {
    const host = new TestBrowser(app);
    const card = await invitation(host);
    const list = await add(host, card, [
      { name: 'Leila', email: 'Leila@Example.com', maxPlusOnes: 0 },
      { name: 'Дмитрий' },
    ]);
    expect(list.guests.map((guest) => [guest.name, guest.email, guest.maxPlusOnes, guest.state])).toEqual([
      ['Leila', 'leila@example.com', 0, 'pending'],
      ['Дмитрий', null, 2, 'pending'],
    ]);
    const [first, second] = list.guests;
    expect(first!.linkPath).toMatch(/^\/i\/[A-Za-z0-9_-]{22}$/);
    expect(first!.linkPath).not.toBe(second!.linkPath);
    expect(list.totals).toEqual({
      guests: 2,
      coming: 0,
      maybe: 0,
      notComing: 0,
      noAnswer: 2,
      waitlisted: 0,
      headcount: 0,
    });
    // A guest host has the Free plan's limit.
    expect(list.guestLimit).toBe(20);
    // The same guest again (by email, whatever its case) is refused, and nothing of the request is added.
    const again = await host.post(invitationsApi.guests(card.id), {
      guests: [{ name: 'Omar' }, { name: 'Leila B.', email: 'leila@example.COM' }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'guest-list-invalid',
      details: [{ line: 2, message: 'duplicate' }],
    });
    expect((await listOf(host, card)).guests).toHaveLength(2);
  });

  it("keeps a greeting card's, someone else's and an unknown card's guests out of reach", async () => {
    const host = new TestBrowser(app);
    const greeting = cardSchema.parse((await host.post(cardsApi.create, cardDraft)).json());
    const card = await invitation(host);
    const stranger = new TestBrowser(app);
    for (const [browser, id] of [
      [host, greeting.id],
      [stranger, card.id],
      [host, 'no-such-card-0000000000'],
    ] as const) {
      const response = await browser.get(invitationsApi.guests(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'card-not-found' });
      expect((await browser.post(invitationsApi.guests(id), { guests: [{ name: 'X' }] })).statusCode).toBe(
        404,
      );
    }
  });

  it('imports a pasted list or a CSV file all or none, reporting each bad row by its line', async () => {
    const host = new TestBrowser(app);
    const card = await invitation(host);
    const bad = [
      'Name,Email,Plus-ones',
      'Leila,leila@example.com,1',
      'Omar,not-an-email',
      ',nobody@example.com',
      'Sara; sara@example.com; 2',
      'Leila Again,LEILA@example.com',
      `${'x'.repeat(61)}`,
      'Ali,,eleven',
    ].join('\n');
    const refused = await importList(host, card, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'guest-list-invalid',
      details: [
        { line: 3, message: 'invalid-email' },
        { line: 4, message: 'required' },
        { line: 6, message: 'duplicate' },
        { line: 7, message: 'too-long' },
        { line: 8, message: 'invalid-plus-ones' },
      ],
    });
    expect((await listOf(host, card)).guests).toHaveLength(0);

    // Pasted from a spreadsheet (tabs), with "Name <email>" and names in Arabic and Russian.
    const pasted =
      'ليلى\tleila@example.com\t1\nOmar <omar@example.com>\n"Дмитрий, Иванов";dima@example.com;0\n\n';
    const added = await importList(host, card, pasted, 'text/plain; charset=utf-8');
    expect(added.statusCode, added.body).toBe(201);
    expect(
      guestListSchema.parse(added.json()).guests.map((guest) => [guest.name, guest.email, guest.maxPlusOnes]),
    ).toEqual([
      ['ليلى', 'leila@example.com', 1],
      ['Omar', 'omar@example.com', 2],
      ['Дмитрий, Иванов', 'dima@example.com', 0],
    ]);
    // Against the list as it stands: an address already invited is a duplicate.
    const twice = await importList(host, card, 'Sam,sam@example.com\nOmar,OMAR@example.com');
    expect(twice.json()).toMatchObject({ details: [{ line: 2, message: 'duplicate' }] });
  });

  it('reads a CSV file Excel saved as UTF-8 with a BOM or as UTF-16, and refuses another encoding whole', async () => {
    const host = new TestBrowser(app);
    const card = await invitation(host);
    const withBom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('name;email\nНина;nina@example.com\n'),
    ]);
    expect((await importList(host, card, withBom)).statusCode).toBe(201);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('سارة\tsara@example.com\r\n', 'utf16le'),
    ]);
    expect((await importList(host, card, utf16)).statusCode).toBe(201);
    expect((await listOf(host, card)).guests.map((guest) => guest.name)).toEqual(['Нина', 'سارة']);
    // "Ахмед" in Windows-1251: not UTF-8.
    const cp1251 = Buffer.from([0xc0, 0xf5, 0xec, 0xe5, 0xe4, 0x0a]);
    const refused = await importList(host, card, cp1251);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ line: 0, message: 'not-utf8' }] });
  });

  it("refuses a list of 10,000 rows whole, and guests past the plan's limit with the limit", async () => {
    const host = new TestBrowser(app);
    const card = await invitation(host);
    const huge = Array.from({ length: 10_000 }, (_, i) => `Guest ${i},guest${i}@example.com`).join('\n');
    const refused = await importList(host, card, huge);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ line: 0, message: 'too-many-rows' }] });

    await add(
      host,
      card,
      Array.from({ length: 19 }, (_, i) => ({ name: `Guest ${i}` })),
    );
    const over = await host.post(invitationsApi.guests(card.id), {
      guests: [{ name: 'Guest 19' }, { name: 'Guest 20' }],
    });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'guest-limit-reached' });
    await add(host, card, [{ name: 'Guest 19' }]);
    expect((await listOf(host, card)).guests).toHaveLength(20);
  });

  it("opens a guest's own link greeted by name once the invitation is paid, and shows the host it was opened", async () => {
    const host = await signUpAndVerify(app, use());
    const card = await invitation(host.browser);
    const list = await add(host.browser, card, [{ name: 'Leila' }, { name: 'Omar' }]);
    const [leila, omar] = list.guests.map((guest) => tokenOf(guest.linkPath));
    // Before payment the link is like an unknown card's.
    const early = await new TestBrowser(app).get(invitationsApi.invitation(leila!));
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ code: 'card-not-ready' });
    await pay(host.browser, card);
    // Their greetings are made in the background once the links work, before anyone opens one.
    const clipIds = await use()
      .database.db.selectFrom('invitationGuests')
      .select('greetingClipId')
      .where('cardId', '=', card.id)
      .execute();
    await vi.waitFor(
      async () => {
        const synthesized = await use()
          .database.db.selectFrom('voiceClips')
          .select('id')
          .where(
            'id',
            'in',
            clipIds.map((row) => row.greetingClipId!),
          )
          .where('storageKey', 'is not', null)
          .execute();
        expect(synthesized).toHaveLength(2);
      },
      { timeout: 20_000, interval: 100 },
    );

    const opened = await new TestBrowser(app).get(invitationsApi.invitation(leila!));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const page = guestInvitationSchema.parse(opened.json());
    expect(page.card.recipientName).toBe('Leila');
    expect(page.card.invitation?.title).toBe('Garden party');
    // Their mails in the invitation's language until they choose one.
    expect(page.guest).toEqual({ name: 'Leila', maxPlusOnes: 2, language: 'en' });
    expect(page.rsvp.state).toBe('pending');
    expect(page.repliesClosed).toBe(false);
    expect(page.repliesCloseAt).toBe('2027-06-01T11:00:00.000Z');
    expect(page.coming).toBeNull();
    const omarPage = guestInvitationSchema.parse(
      (await new TestBrowser(app).get(invitationsApi.invitation(omar!))).json(),
    );
    expect(page.card.greetingAudioUrl).not.toBeNull();
    expect(omarPage.card.greetingAudioUrl).not.toBe(page.card.greetingAudioUrl);
    const clip = await new TestBrowser(app).get(page.card.greetingAudioUrl!);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('audio/mpeg');

    const seen = await listOf(host.browser, card);
    expect(seen.guests.every((guest) => guest.openedAt !== null)).toBe(true);
    expect(seen.version).toBeGreaterThan(list.version);
  });

  it('takes an answer without an account, changes and withdraws it, each change in the history', async () => {
    const { host, card, list } = await paidWith([{ name: 'Leila' }]);
    const guest = list.guests[0]!;
    const token = tokenOf(guest.linkPath);
    const first = await answer(
      token,
      yes(2, { plusOneNames: ['Sami'], answers: { meal: 'Fish' }, note: 'Can’t wait!' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(guestInvitationSchema.parse(first.json()).rsvp).toMatchObject({
      state: 'yes',
      headcount: 2,
      plusOneNames: ['Sami'],
      answers: { meal: 'Fish' },
      note: 'Can’t wait!',
    });
    expect((await answer(token, { status: 'no' })).statusCode).toBe(200);
    expect((await answer(token, yes(1))).statusCode).toBe(200);
    const after = await listOf(host, card);
    expect(after.guests[0]).toMatchObject({ state: 'yes', headcount: 1, answeredBy: 'guest' });
    expect(after.totals).toMatchObject({ coming: 1, headcount: 1, noAnswer: 0 });
    const history = await createGuestsRepository(use().database).historyOf(guest.id);
    expect(
      history.map((change) => [change.fromState, change.toState, change.toHeadcount, change.by]),
    ).toEqual([
      ['pending', 'yes', 2, 'guest'],
      ['yes', 'no', 0, 'guest'],
      ['no', 'yes', 1, 'guest'],
    ]);

    const withdrawn = await answer(token, null);
    expect(guestInvitationSchema.parse(withdrawn.json()).rsvp.state).toBe('pending');
  });

  it('refuses more plus-ones than allowed, a choice the host does not offer and a question not asked', async () => {
    const { list } = await paidWith([{ name: 'Leila', maxPlusOnes: 1 }]);
    const token = tokenOf(list.guests[0]!.linkPath);
    for (const [body, path, message] of [
      [yes(3), 'headcount', 'too-many-plus-ones'],
      [yes(1, { plusOneNames: ['Sami'] }), 'plusOneNames', 'too-many-plus-ones'],
      [yes(1, { answers: { meal: 'Steak' } }), 'answers.meal', 'unknown-choice'],
      [yes(1, { answers: { song: 'Dancing Queen' } }), 'answers.song', 'unknown-question'],
    ] as const) {
      const response = await answer(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation-failed', details: [{ path, message }] });
    }
    expect((await answer(token, { status: 'yes', headcount: 0 })).statusCode).toBe(400);
  });

  it('closes replies after the deadline, while the host can still record an answer given in person', async () => {
    const { host, card, list } = await paidWith([{ name: 'Leila' }]);
    const [guest] = list.guests;
    const saved = clock;
    clock = new Date('2027-06-01T11:00:01Z');
    try {
      const late = await answer(tokenOf(guest!.linkPath), yes());
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'replies-closed' });
      const page = guestInvitationSchema.parse(
        (await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(guest!.linkPath)))).json(),
      );
      expect(page.repliesClosed).toBe(true);
      const offline = await host.request({
        method: 'PUT',
        url: invitationsApi.guestAnswer(card.id, guest!.id),
        payload: { status: 'maybe', headcount: 2 },
      });
      expect(offline.statusCode, offline.body).toBe(200);
      expect(offline.json()).toMatchObject({ state: 'maybe', headcount: 2, answeredBy: 'host' });
    } finally {
      clock = saved;
    }
  });

  it("stops a removed guest's link at once, like an unknown card", async () => {
    const { host, card, list } = await paidWith([{ name: 'Leila' }, { name: 'Omar' }]);
    const [leila] = list.guests;
    expect(
      (await host.request({ method: 'DELETE', url: invitationsApi.guest(card.id, leila!.id) })).statusCode,
    ).toBe(204);
    for (const response of [
      await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(leila!.linkPath))),
      await answer(tokenOf(leila!.linkPath), yes()),
      await new TestBrowser(app).get(invitationsApi.invitation('AAAAAAAAAAAAAAAAAAAAAA')),
      await new TestBrowser(app).get(invitationsApi.invitation('%00')),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'card-not-found' });
    }
    expect((await listOf(host, card)).guests.map((guest) => guest.name)).toEqual(['Omar']);
  });

  it('seats exactly the capacity when 50 guests answer yes at once, waitlists the rest in order, and moves one up per free place', async () => {
    const guests = Array.from({ length: 50 }, (_, i) => ({
      name: `Guest ${i}`,
      email: uniqueEmail(`guest${i}`),
    }));
    const { host, card, list } = await paidWith(guests, { ...party, capacity: 20 });
    expect(list.guests).toHaveLength(50);
    expect(list.guestLimit).toBe(500);
    const responses = await Promise.all(list.guests.map((guest) => answer(tokenOf(guest.linkPath), yes())));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));

    const seated = await listOf(host, card);
    expect(seated.totals).toMatchObject({ coming: 20, waitlisted: 30, headcount: 20 });
    const waiting = seated.guests
      .filter((guest) => guest.state === 'waitlisted')
      .sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
    expect(waiting.map((guest) => guest.waitlistPosition)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    // In the order the answers arrived: the later in line answered later.
    const answeredAt = waiting.map((guest) => Date.parse(guest.answeredAt!));
    expect(answeredAt).toEqual([...answeredAt].sort((a, b) => a - b));
    const firstComing = seated.guests.find((guest) => guest.state === 'yes')!;

    expect((await answer(tokenOf(firstComing.linkPath), { status: 'no' })).statusCode).toBe(200);
    const moved = await listOf(host, card);
    expect(moved.totals).toMatchObject({ coming: 20, waitlisted: 29, notComing: 1 });
    expect(moved.guests.find((guest) => guest.id === waiting[0]!.id)).toMatchObject({
      state: 'yes',
      waitlistPosition: null,
    });
    expect(moved.guests.find((guest) => guest.id === waiting[1]!.id)).toMatchObject({ waitlistPosition: 1 });
    const mail = await latestMail(use(), waiting[0]!.email!, 'waitlist-moved-up');
    expect(mail?.subject).toBe("You're in: Garden party");
    expect(mail?.link).toBe(`${TEST_ORIGIN}${waiting[0]!.linkPath}`);
    expect(await latestMail(use(), waiting[1]!.email!, 'waitlist-moved-up')).toBeUndefined();

    // Someone already coming who asks for more room than is left keeps their answer.
    const stillComing = moved.guests.find((guest) => guest.state === 'yes')!;
    const more = await answer(tokenOf(stillComing.linkPath), yes(3));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'no-room' });

    // The host makes room for five more: the next five in line come.
    const raised = await host.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { invitation: { ...party, capacity: 25 } },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const roomier = await listOf(host, card);
    expect(roomier.totals).toMatchObject({ coming: 25, waitlisted: 24 });
    expect(roomier.guests.filter((guest) => guest.state === 'yes').map((guest) => guest.id)).toEqual(
      expect.arrayContaining(waiting.slice(1, 6).map((guest) => guest.id)),
    );
  });

  it('exports the list as a CSV file Excel reads: a BOM, a column per question, formulas kept as text', async () => {
    const { host, card, list } = await paidWith([
      { name: 'ليلى', email: 'leila@example.com' },
      { name: '=HYPERLINK("https://evil.example","Click")' },
      { name: 'Дмитрий' },
    ]);
    const [leila, evil] = list.guests;
    await answer(
      tokenOf(leila!.linkPath),
      yes(2, { plusOneNames: ['Sami'], answers: { meal: 'Fish' }, note: '+1 for cake' }),
    );
    await answer(tokenOf(evil!.linkPath), { status: 'no', note: '@SUM(A1:A9)' });

    const response = await host.get(invitationsApi.exportGuests(card.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Garden%20party.csv");
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.body.slice(1), { record_delimiter: '\r\n' });
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Answer',
      'Headcount',
      'Plus-ones',
      'Your meal',
      'Note to you',
      'Waitlist place',
      'Link opened',
      'Last change',
      'Personal link',
    ]);
    expect(rows[1]!.slice(0, 7)).toEqual([
      'ليلى',
      'leila@example.com',
      'Coming',
      '2',
      'Sami',
      'Fish',
      "'+1 for cake",
    ]);
    expect(rows[1]![10]).toBe(`${TEST_ORIGIN}${leila!.linkPath}`);
    expect(rows[2]!.slice(0, 7)).toEqual([
      `'=HYPERLINK("https://evil.example","Click")`,
      '',
      'Not coming',
      '0',
      '',
      '',
      "'@SUM(A1:A9)",
    ]);
    expect(rows[3]!.slice(0, 3)).toEqual(['Дмитрий', '', 'No answer']);
    const stranger = await new TestBrowser(app).get(invitationsApi.exportGuests(card.id));
    expect(stranger.statusCode).toBe(404);
  });

  it("tells the host's open pages at once when a guest answers", async () => {
    const { host, list } = await paidWith([{ name: 'Leila' }]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const heard = new Promise<string>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/me/events', headers: { cookie: host.cookieHeader() } },
        (response) => {
          let text = '';
          let answered = false;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            // The balance comes first; the guest's answer, after it, is the news.
            if (!answered && text.includes('event: credits')) {
              answered = true;
              void answer(tokenOf(list.guests[0]!.linkPath), yes());
            }
            if (text.includes(`event: ${GUEST_LIST_EVENT}`)) {
              request.destroy();
              resolve(text);
            }
          });
        },
      );
      request.on('error', reject);
    });
    expect(await heard).toContain(`event: ${GUEST_LIST_EVENT}`);
  });

  it('makes each device that answers through the open group link a guest of its own, within the guest limit', async () => {
    const host = await signUpAndVerify(app, use());
    const card = await invitation(host.browser);
    const shared = await new TestBrowser(app).post(invitationsApi.openAnswer(card.id), {
      name: 'Nour',
      status: 'yes',
    });
    expect(shared.statusCode).toBe(404);
    expect(shared.json()).toMatchObject({ code: 'card-not-ready' });
    await add(
      host.browser,
      card,
      Array.from({ length: 18 }, (_, i) => ({ name: `Guest ${i}` })),
    );
    await pay(host.browser, card);

    const phone = new TestBrowser(app);
    const first = await phone.post(invitationsApi.openAnswer(card.id), {
      name: 'Nour',
      status: 'yes',
      headcount: 2,
      answers: { meal: 'Vegetarian' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const { linkPath, invitation: page } = openRsvpResponseSchema.parse(first.json());
    expect(linkPath).toMatch(/^\/i\/[A-Za-z0-9_-]{22}$/);
    expect(page.card.recipientName).toBe('Nour');
    expect(page.rsvp).toMatchObject({ state: 'yes', headcount: 2 });
    const own = guestInvitationSchema.parse(
      (await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(linkPath)))).json(),
    );
    expect(own.rsvp.answers).toEqual({ meal: 'Vegetarian' });

    // The same phone again: the same guest, under the name it gives now.
    const again = await phone.post(invitationsApi.openAnswer(card.id), { name: 'Nour A.', status: 'maybe' });
    expect(openRsvpResponseSchema.parse(again.json()).linkPath).toBe(linkPath);
    // Another phone is another guest: the 20th, the Free plan's last.
    expect(
      (await new TestBrowser(app).post(invitationsApi.openAnswer(card.id), { name: 'Sara', status: 'no' }))
        .statusCode,
    ).toBe(200);
    const list = await listOf(host.browser, card);
    expect(list.guests.slice(18).map((guest) => [guest.name, guest.state, guest.addedBy])).toEqual([
      ['Nour A.', 'maybe', 'open-link'],
      ['Sara', 'no', 'open-link'],
    ]);
    const full = await new TestBrowser(app).post(invitationsApi.openAnswer(card.id), {
      name: 'Late',
      status: 'yes',
    });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ code: 'guest-limit-reached' });
    const tooMany = await new TestBrowser(app).post(invitationsApi.openAnswer(card.id), {
      name: 'Big',
      status: 'yes',
      headcount: 4,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
