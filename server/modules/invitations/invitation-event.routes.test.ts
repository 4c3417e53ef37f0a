import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cardSchema,
  publicCardSchema,
  unlockCardResponseSchema,
  type Card,
} from '../../../shared/cards/cards.contract.ts';
import type { InvitationInput } from '../../../shared/invitations/invitation.contract.ts';
import { TEST_ORIGIN, TestBrowser, signUpAndVerify } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardsApi } from '../../../shared/api-paths.ts';

/**
 * An invitation is a card with an event (DESIGN §1.20): saved and edited with the card, its times kept as
 * instants in its zone, its plan's guest limit taken at payment, its event offered to guests as a calendar
 * file that calendars recognise when it changes.
 */

/** A wedding on the night the clocks go forward in New York (2027-03-14, 02:00 → 03:00). */
const wedding = {
  title: 'Jo & Sam’s wedding',
  startsAt: '2027-03-14T01:30',
  endsAt: '2027-03-14T03:30',
  timeZone: 'america/new_york',
  place: 'The Boathouse, Central Park, New York',
  notes: 'Black tie.\nParking on 72nd St.',
  rsvpBy: '2027-03-01T23:59',
} satisfies InvitationInput;

function icsEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

describeEachDatabase('an invitation: a card with an event', (use) => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-27T12:00:00Z');

  beforeAll(async () => {
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    ({ app } = await buildTestApp(use(), { env: { PUBLIC_ORIGIN: TEST_ORIGIN }, now: () => clock }));
  });
  afterAll(() => app?.close());

  async function create(browser: TestBrowser, invitation: InvitationInput | null = wedding): Promise<Card> {
    const response = await browser.post(cardsApi.create, { ...cardDraft, invitation });
    expect(response.statusCode, response.body).toBe(201);
    return cardSchema.parse(response.json());
  }

  async function edit(browser: TestBrowser, id: string, body: object): Promise<Card> {
    const response = await browser.request({ method: 'PATCH', url: cardsApi.card(id), payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return cardSchema.parse(response.json());
  }

  async function calendarOf(id: string) {
    const response = await new TestBrowser(app).get(cardsApi.invitationCalendar(id));
    expect(response.statusCode, response.body).toBe(200);
    return { response, ...icsEvent(response.body) };
  }

  it('keeps the event with the card: wall-clock times in its zone, instants in UTC across a DST change', async () => {
    const card = await create(new TestBrowser(app));
    expect(card.invitation).toEqual({
      title: 'Jo & Sam’s wedding',
      startsAt: '2027-03-14T01:30',
      endsAt: '2027-03-14T03:30',
      timeZone: 'America/New_York',
      // 01:30 is still standard time (UTC−5); 03:30 is after the jump (UTC−4): one hour later, not two.
      startsAtUtc: '2027-03-14T06:30:00.000Z',
      endsAtUtc: '2027-03-14T07:30:00.000Z',
      place: 'The Boathouse, Central Park, New York',
      mapUrl:
        'https://www.google.com/maps/search/?api=1&query=The%20Boathouse%2C%20Central%20Park%2C%20New%20York',
      notes: 'Black tie.\nParking on 72nd St.',
      rsvpBy: '2027-03-01T23:59',
      rsvpByUtc: '2027-03-02T04:59:00.000Z',
      maxPlusOnes: 0,
      questions: [],
      capacity: null,
      showGuestList: false,
      guestLimit: null,
    });
    const greeting = await create(new TestBrowser(app), null);
    expect(greeting.invitation).toBeNull();
  });

  it.each([
    ['an end before the start', { endsAt: '2027-03-14T01:00' }, 'invitation.endsAt', 'ends-before-start'],
    [
      'a deadline after the start',
      { rsvpBy: '2027-03-15T10:00' },
      'invitation.rsvpBy',
      'deadline-after-start',
    ],
    [
      'a time zone that does not exist',
      { timeZone: 'Mars/Olympus' },
      'invitation.timeZone',
      'unknown-time-zone',
    ],
    [
      'a date that does not exist',
      { startsAt: '2027-02-30T18:00' },
      'invitation.startsAt',
      'invalid-date-time',
    ],
    ['a capacity of zero', { capacity: 0 }, 'invitation.capacity', 'capacity-too-small'],
    ['no title', { title: '   ' }, 'invitation.title', 'required'],
    [
      'a start in the past',
      { startsAt: '2026-11-27T06:00', endsAt: null, rsvpBy: null },
      'invitation.startsAt',
      'starts-in-past',
    ],
    [
      'a one-choice question with one choice',
      { questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal?', choices: ['Fish'] }] },
      'invitation.questions.0.choices',
      'choices-needed',
    ],
  ])('refuses %s, on its field', async (_, change, path, message) => {
    const response = await new TestBrowser(app).post(cardsApi.create, {
      ...cardDraft,
      invitation: { ...wedding, ...change },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation-failed', details: [{ path, message }] });
  });

  it('refuses a fourth question and an over-long prompt', async () => {
    const question = (id: string) => ({ id, kind: 'text', prompt: 'A song you love?' });
    for (const questions of [
      ['a', 'b', 'c', 'd'].map(question),
      [{ ...question('a'), prompt: 'x'.repeat(121) }],
    ]) {
      const response = await new TestBrowser(app).post(cardsApi.create, {
        ...cardDraft,
        invitation: { ...wedding, questions },
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('edits the event whole, keeps it when left out, and turns the invitation back into a card', async () => {
    const host = new TestBrowser(app);
    const card = await create(host);
    const renamed = await edit(host, card.id, { message: 'Come celebrate with us!' });
    expect(renamed.invitation).toEqual(card.invitation);

    const questions = [{ id: 'meal', kind: 'choice', prompt: 'Your meal', choices: ['Fish', 'Vegetarian'] }];
    const moved = await edit(host, card.id, {
      invitation: { ...wedding, place: 'Tavern on the Green', capacity: 80, maxPlusOnes: 1, questions },
    });
    expect(moved.invitation).toMatchObject({
      place: 'Tavern on the Green',
      capacity: 80,
      maxPlusOnes: 1,
      questions: [{ id: 'meal', kind: 'choice', prompt: 'Your meal', choices: ['Fish', 'Vegetarian'] }],
    });
    const plain = await edit(host, card.id, { invitation: null });
    expect(plain.invitation).toBeNull();
  });

  it('lets the host edit an invitation whose event has passed, as long as its start stays', async () => {
    const host = new TestBrowser(app);
    const soon = { ...wedding, startsAt: '2026-12-01T18:00', endsAt: null, rsvpBy: null };
    const card = await create(host, soon);
    const saved = clock;
    clock = new Date('2026-12-02T12:00:00Z');
    try {
      await edit(host, card.id, { invitation: { ...soon, notes: 'Thank you all for coming!' } });
      const response = await host.request({
        method: 'PATCH',
        url: cardsApi.card(card.id),
        payload: { invitation: { ...soon, startsAt: '2026-12-01T19:00' } },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        details: [{ path: 'invitation.startsAt', message: 'starts-in-past' }],
      });
    } finally {
      clock = saved;
    }
  });

  it("takes its plan's guest limit at payment, shows guests the event but not its limits, and opens for every guest", async () => {
    const host = await signUpAndVerify(app, use());
    const card = await create(host.browser, { ...wedding, capacity: 40 });
    const unlocked = await host.browser.post(cardsApi.unlock(card.id));
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const paid = unlockCardResponseSchema.parse(unlocked.json()).card;
    // A Free host: 20 guests, and a view limit of 2 that an invitation does not apply.
    expect(paid.invitation).toMatchObject({ guestLimit: 20, capacity: 40 });
    expect(paid.viewLimit).toBe(2);

    for (let guest = 0; guest < 4; guest += 1) {
      const response = await new TestBrowser(app).get(cardsApi.publicCard(card.id));
      expect(response.statusCode, response.body).toBe(200);
      const shared = publicCardSchema.parse(response.json());
      expect(shared.invitation).toMatchObject({
        title: wedding.title,
        startsAtUtc: '2027-03-14T06:30:00.000Z',
      });
      expect(shared.invitation).not.toHaveProperty('capacity');
      expect(shared.invitation).not.toHaveProperty('guestLimit');
    }
  });

  it('offers the event as a calendar file: UID that never changes, SEQUENCE raised by every change a calendar shows', async () => {
    const host = await signUpAndVerify(app, use());
    const card = await create(host.browser);
    expect((await host.browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);

    const first = await calendarOf(card.id);
    expect(first.response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.response.headers['content-disposition']).toContain('attachment');
    expect(first.response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Jo Sam s wedding.ics')}`,
    );
    expect(first.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(first.event.summary).toBe(wedding.title);
    expect(first.event.location).toBe(wedding.place);
    expect(first.event.startDate.toJSDate().toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(first.event.endDate.toJSDate().toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(first.event.sequence).toBe(0);
    const pageUrl = `${TEST_ORIGIN}/c/${card.id}`;
    expect(first.event.description.startsWith(pageUrl)).toBe(true);
    expect(first.event.description).toContain('Parking on 72nd St.');
    expect(first.event.component.getFirstPropertyValue('url')).toBe(pageUrl);

    // A change nobody sees in a calendar (the message, the capacity) keeps the SEQUENCE.
    await edit(host.browser, card.id, { message: 'See you there', invitation: { ...wedding, capacity: 50 } });
    expect((await calendarOf(card.id)).event.sequence).toBe(0);

    await edit(host.browser, card.id, { invitation: { ...wedding, startsAt: '2027-03-14T00:30' } });
    await edit(host.browser, card.id, {
      invitation: { ...wedding, startsAt: '2027-03-14T00:30', place: 'Tavern' },
    });
    const moved = await calendarOf(card.id);
    expect(moved.event.uid).toBe(first.event.uid);
    expect(moved.event.sequence).toBe(2);
    expect(moved.event.startDate.toJSDate().toISOString()).toBe('2027-03-14T05:30:00.000Z');
    expect(moved.event.location).toBe('Tavern');
  });

  it('gives an event in a zone without daylight saving its fixed offset, and two hours when it has no end', async () => {
    const host = await signUpAndVerify(app, use());
    const iftar = { title: 'إفطار العائلة', startsAt: '2027-02-20T18:15', timeZone: 'Asia/Riyadh' };
    const card = await create(host.browser, iftar);
    expect(card.invitation).toMatchObject({
      startsAtUtc: '2027-02-20T15:15:00.000Z',
      endsAt: null,
      place: '',
      mapUrl: null,
    });
    expect((await host.browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    const { event, response } = await calendarOf(card.id);
    expect(event.summary).toBe('إفطار العائلة');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-02-20T15:15:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-02-20T17:15:00.000Z');
    expect(event.location).toBeNull();
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('إفطار العائلة.ics'));
  });

  it('answers the calendar of a link with no event to serve the way the share link answers', async () => {
    const host = await signUpAndVerify(app, use());
    const unpaid = await create(host.browser);
    const greeting = await create(host.browser, null);
    expect((await host.browser.post(cardsApi.unlock(greeting.id))).statusCode).toBe(200);
    const removed = await create(host.browser);
    expect((await host.browser.post(cardsApi.unlock(removed.id))).statusCode).toBe(200);
    expect(
      (await host.browser.request({ method: 'DELETE', url: cardsApi.card(removed.id) })).statusCode,
    ).toBe(204);
    const cases: [string, number, string][] = [
      [unpaid.id, 404, 'card-not-ready'],
      // A paid greeting card has no event: there is no calendar at that address.
      [greeting.id, 404, 'card-not-found'],
      [removed.id, 410, 'card-removed'],
      ['no-such-card-0000000000', 404, 'card-not-found'],
      ['%00', 404, 'card-not-found'],
    ];
    for (const [id, status, code] of cases) {
      const response = await new TestBrowser(app).get(cardsApi.invitationCalendar(id));
      expect(response.statusCode, id).toBe(status);
      expect(response.json(), id).toMatchObject({ code });
    }
  });
});
