import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardSchema, type Card } from '../../../shared/cards/cards.contract.ts';
import {
  guestInvitationSchema,
  guestListSchema,
  type GuestList,
} from '../../../shared/invitations/guests.contract.ts';
import type { InvitationInput } from '../../../shared/invitations/invitation.contract.ts';
import { TEST_ORIGIN, TestBrowser, pathOf, setTier, uniqueEmail } from '../../testing/accounts-fixture.ts';
import { cardDraft } from '../../testing/card-fixture.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../testing/smtp-sink.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../catalog/catalog-source.ts';
import { cardsApi, invitationsApi } from '../../../shared/api-paths.ts';

/**
 * An invitation's mails (DESIGN §1.20), through a real SMTP server: the reminder before replies close to
 * those who have not answered, the day-before reminder to those coming, the updated event as a calendar
 * REQUEST when the time changes — each once, even with two instances polling the jobs — and a one-click stop.
 */

const party = {
  title: 'Housewarming',
  startsAt: '2027-01-20T19:00',
  timeZone: 'Europe/Berlin',
  rsvpBy: '2027-01-15T12:00',
  place: 'Kastanienallee 12, Berlin',
} satisfies InvitationInput;

describeEachDatabase("an invitation's mails to its guests", (use) => {
  let app: FastifyInstance;
  let second: FastifyInstance | undefined;
  let sink: SmtpSink;
  let clock = new Date('2027-01-01T09:00:00Z');
  const now = () => clock;
  const refused = uniqueEmail('gone');

  beforeAll(async () => {
    sink = await startSmtpSink({ refuses: (address) => address === refused });
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(clock), clock),
    );
    const env = { PUBLIC_ORIGIN: TEST_ORIGIN, SMTP_URL: sink.url };
    ({ app } = await buildTestApp(use(), { env, now, jobsPollMs: 50 }));
    // Another instance on the same database, polling the same jobs (PostgreSQL: what several instances share).
    if (use().dialect === 'postgres')
      ({ app: second } = await buildTestApp(use(), { env, now, jobsPollMs: 50 }));
    await second?.ready();
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    await sink?.stop();
  });

  const mailsTo = (address: string, subject: RegExp) =>
    sink.mails.filter((mail) => mail.to.includes(address) && subject.test(mail.subject));

  /** Waits for the mail, then a while longer: a second copy would have arrived by then. */
  async function onlyMail(address: string, subject: RegExp): Promise<ReceivedMail> {
    const mail = await sink.waitFor((m) => m.to.includes(address) && subject.test(m.subject), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailsTo(address, subject)).toHaveLength(1);
    return mail;
  }

  /** A verified host: the verification mail arrives through the SMTP server. */
  async function signedUpHost(): Promise<{ browser: TestBrowser; email: string }> {
    const email = uniqueEmail('host');
    const browser = new TestBrowser(app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Host',
      email,
      password: 'correct horse battery',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    const link = /https?:\/\/[^\s)>\]]+/.exec(mail.text)![0];
    expect((await browser.get(pathOf(link))).statusCode).toBe(302);
    return { browser, email };
  }

  async function setUp(): Promise<{
    host: TestBrowser;
    card: Card;
    list: GuestList;
    emails: { leila: string; omar: string; maya: string };
  }> {
    const host = await signedUpHost();
    await setTier(use(), host.email, 'premium_monthly');
    const created = await host.browser.post(cardsApi.create, {
      ...cardDraft,
      language: 'en',
      invitation: party,
    });
    const card = cardSchema.parse(created.json());
    const emails = { leila: uniqueEmail('leila'), omar: uniqueEmail('omar'), maya: uniqueEmail('maya') };
    const added = await host.browser.post(invitationsApi.guests(card.id), {
      guests: [
        { name: 'Leila', email: emails.leila },
        { name: 'Omar', email: emails.omar },
        { name: 'Maya', email: emails.maya },
        { name: 'Gone', email: refused },
        { name: 'Sam' },
      ],
    });
    const list = guestListSchema.parse(added.json());
    expect((await host.browser.post(cardsApi.unlock(card.id))).statusCode).toBe(200);
    return { host: host.browser, card, list, emails };
  }

  const tokenOf = (list: GuestList, name: string) =>
    list.guests.find((g) => g.name === name)!.linkPath.slice(3);

  async function answer(list: GuestList, name: string, status: 'yes' | 'maybe' | 'no') {
    const response = await new TestBrowser(app).request({
      method: 'PUT',
      url: invitationsApi.answer(tokenOf(list, name)),
      payload: { status },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('reminds those who have not answered once, before replies close; a refusal for good shows as a bounce', async () => {
    const { host, card, list, emails } = await setUp();
    await answer(list, 'Omar', 'yes');
    // Two days before the deadline (15 Jan, 12:00 in Berlin), and a minute.
    clock = new Date('2027-01-13T11:01:00Z');
    const reminder = await onlyMail(emails.leila, /^Will you come\? Housewarming$/);
    expect(reminder.text).toContain(`${TEST_ORIGIN}${list.guests[0]!.linkPath}`);
    expect(reminder.headers.get('list-unsubscribe')).toBe(
      `<${TEST_ORIGIN}${invitationsApi.unsubscribe(tokenOf(list, 'Leila'))}>`,
    );
    expect(reminder.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await onlyMail(emails.maya, /^Will you come/);
    expect(mailsTo(emails.omar, /Will you come/)).toHaveLength(0);

    await expect
      .poll(
        async () =>
          guestListSchema.parse((await host.get(invitationsApi.guests(card.id))).json()).guests[3]!
            .mailBounce,
        {
          timeout: 10_000,
        },
      )
      .toMatch(/^550/);
  });

  it('mails the updated event to those coming or maybe, as a calendar REQUEST with the same UID and a higher SEQUENCE', async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const { host, card, list, emails } = await setUp();
    await answer(list, 'Omar', 'yes');
    await answer(list, 'Maya', 'maybe');
    await answer(list, 'Leila', 'no');
    // Maya stops the mails with the one-click POST a mail app makes.
    const stop = await app.inject({
      method: 'POST',
      url: invitationsApi.unsubscribe(tokenOf(list, 'Maya')),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stop.statusCode).toBe(200);

    const download = ICAL.parse((await new TestBrowser(app).get(cardsApi.invitationCalendar(card.id))).body);
    const uid = new ICAL.Event(new ICAL.Component(download).getFirstSubcomponent('vevent')!).uid;
    const moved = await host.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { invitation: { ...party, startsAt: '2027-01-20T20:00' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const update = await onlyMail(emails.omar, /^Updated: Housewarming$/);
    const calendarPart =
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/i.exec(
        update.raw,
      );
    expect(calendarPart, update.raw.slice(0, 2000)).not.toBeNull();
    const body = Buffer.from(calendarPart![1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
    const calendar = new ICAL.Component(
      ICAL.parse(body.includes('BEGIN:VCALENDAR') ? body : calendarPart![1]!),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(uid);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-20T19:00:00.000Z');
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      `mailto:${emails.omar}`,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(emails.maya, /^Updated/)).toHaveLength(0);
    expect(mailsTo(emails.leila, /^Updated/)).toHaveLength(0);

    // The day before, those coming are reminded, once.
    clock = new Date('2027-01-19T19:30:00Z');
    await onlyMail(emails.omar, /^Tomorrow: Housewarming$/);
    expect(mailsTo(emails.leila, /^Tomorrow/)).toHaveLength(0);
  });

  it('asks before it stops the mails when a person follows the link', async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const { list } = await setUp();
    const path = invitationsApi.unsubscribe(tokenOf(list, 'Leila'));
    const page = await new TestBrowser(app).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop emails about Housewarming?');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    const unknown = await new TestBrowser(app).get(invitationsApi.unsubscribe('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.body).toContain('This link doesn&#39;t work any more.');
  });

  it('tells everyone who answered that the invitation is called off when the host deletes it, with a calendar CANCEL', async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const { host, card, list, emails } = await setUp();
    await answer(list, 'Omar', 'yes');
    await answer(list, 'Leila', 'no');
    expect((await host.request({ method: 'DELETE', url: cardsApi.card(card.id) })).statusCode).toBe(204);

    for (const address of [emails.omar, emails.leila]) {
      const mail = await onlyMail(address, /^Cancelled: Housewarming$/);
      const part = /method=CANCEL[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/i.exec(mail.raw);
      expect(part, mail.raw.slice(0, 1500)).not.toBeNull();
      const text = /BEGIN:VCALENDAR/.test(part![1]!)
        ? part![1]!
        : Buffer.from(part![1]!.replace(/\s+/g, ''), 'base64').toString('utf8');
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.sequence).toBe(1);
    }
    expect(mailsTo(emails.maya, /^Cancelled/)).toHaveLength(0);
  });

  it("mails the host's message to the audience chosen, in the invitation's language", async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const { host, card, list, emails } = await setUp();
    await answer(list, 'Omar', 'yes');
    await answer(list, 'Leila', 'maybe');
    const sent = await host.post(invitationsApi.messageGuests(card.id), {
      audience: 'yes',
      text: 'Parking is in the courtyard.\nBring a sweater!',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ recipients: 1 });
    const mail = await onlyMail(emails.omar, /^Sam about Housewarming$/);
    expect(mail.text).toContain('Parking is in the courtyard.');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(emails.leila, /about Housewarming/)).toHaveLength(0);
    const empty = await host.post(invitationsApi.messageGuests(card.id), { audience: 'all', text: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it("writes each guest's mails in the language they chose, the others' in the invitation's", async () => {
    clock = new Date('2027-01-01T09:00:00Z');
    const { host, card, list, emails } = await setUp();
    const guest = new TestBrowser(app);
    const choose = (name: string, language: string) =>
      guest.request({
        method: 'PUT',
        url: invitationsApi.guestLanguage(tokenOf(list, name)),
        payload: { language },
      });
    const unknown = await choose('Omar', 'de');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation-failed' });
    // Omar chooses Russian, then answers; Leila chooses it without answering yet.
    const chosen = await choose('Omar', 'ru');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(guestInvitationSchema.parse(chosen.json()).guest.language).toBe('ru');
    expect((await choose('Leila', 'ru')).statusCode).toBe(200);
    await answer(list, 'Omar', 'yes');
    await answer(list, 'Maya', 'yes');
    const opened = await new TestBrowser(app).get(invitationsApi.invitation(tokenOf(list, 'Maya')));
    expect(guestInvitationSchema.parse(opened.json()).guest.language).toBe('en');

    const moved = await host.request({
      method: 'PATCH',
      url: cardsApi.card(card.id),
      payload: { invitation: { ...party, startsAt: '2027-01-20T20:00' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const changed = await onlyMail(emails.omar, /^Изменения: Housewarming$/);
    expect(changed.text).toContain('20 января 2027');
    expect(changed.raw).toMatch(/method=REQUEST/i);
    await onlyMail(emails.maya, /^Updated: Housewarming$/);

    const message = await host.post(invitationsApi.messageGuests(card.id), { audience: 'yes', text: 'Hi!' });
    expect(message.json()).toEqual({ recipients: 2 });
    await onlyMail(emails.omar, /^Sam: «Housewarming»$/);
    await onlyMail(emails.maya, /^Sam about Housewarming$/);

    clock = new Date('2027-01-13T11:01:00Z');
    const reminder = await onlyMail(emails.leila, /^Вы придёте\? Housewarming$/);
    expect(reminder.text).toContain('15 января 2027');
    const page = await new TestBrowser(app).get(invitationsApi.unsubscribe(tokenOf(list, 'Leila')));
    expect(page.body).toContain('<html lang="ru" dir="ltr">');

    clock = new Date('2027-01-19T19:30:00Z');
    await onlyMail(emails.omar, /^Завтра: Housewarming$/);
    await onlyMail(emails.maya, /^Tomorrow: Housewarming$/);

    expect((await host.request({ method: 'DELETE', url: cardsApi.card(card.id) })).statusCode).toBe(204);
    await onlyMail(emails.omar, /^Отменено: Housewarming$/);
    await onlyMail(emails.maya, /^Cancelled: Housewarming$/);
  });
});
