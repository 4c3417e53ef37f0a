import { describe, expect, it } from 'vitest';
import { instantOf, isLocalDateTime, localOf } from '../time/zoned-time.ts';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.ts';
import { invitationInputSchema, startIssue } from './invitation.contract.ts';
import { mapLinkOf, startsAsInvitation } from './invitation-rules.ts';

const event = { title: 'Party', startsAt: '2027-06-01T19:00', timeZone: 'Europe/Moscow' };

const issuesOf = (input: object) =>
  (invitationInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe("an invitation's event, as the contract checks it", () => {
  it('fills what the host left out: no end, no deadline, no plus-ones, no questions, no capacity, list private', () => {
    expect(invitationInputSchema.parse(event)).toEqual({
      ...event,
      endsAt: null,
      place: '',
      notes: '',
      rsvpBy: null,
      maxPlusOnes: 0,
      questions: [],
      capacity: null,
      showGuestList: false,
    });
  });

  it('names each refusal on its field', () => {
    expect(issuesOf({ ...event, endsAt: '2027-06-01T19:00' })).toEqual([['endsAt', 'ends-before-start']]);
    expect(issuesOf({ ...event, rsvpBy: '2027-06-01T19:01' })).toEqual([['rsvpBy', 'deadline-after-start']]);
    expect(issuesOf({ ...event, timeZone: 'Europe/Atlantis' })).toEqual([['timeZone', 'unknown-time-zone']]);
    expect(issuesOf({ ...event, startsAt: '2027-13-01T10:00' })).toEqual([['startsAt', 'invalid-date-time']]);
    expect(issuesOf({ ...event, capacity: 0 })).toEqual([['capacity', 'capacity-too-small']]);
    expect(issuesOf({ ...event, capacity: 2.5 })).toEqual([['capacity', 'whole-number']]);
    expect(issuesOf({ ...event, capacity: 10_001 })).toEqual([['capacity', 'capacity-too-large']]);
    expect(issuesOf({ ...event, maxPlusOnes: 11 })).toHaveLength(1);
    expect(issuesOf({ ...event, title: 'x'.repeat(121) })).toEqual([['title', 'too-long']]);
    expect(issuesOf({ ...event, place: 'x'.repeat(201) })).toEqual([['place', 'too-long']]);
    expect(issuesOf({ ...event, title: 'Party\u0000' })).toEqual([['title', 'invalid-characters']]);
  });

  it('takes up to three questions: short text, or one choice among two to six', () => {
    const text = { id: 'song', kind: 'text', prompt: 'A song for the dance floor?', choices: ['ignored'] };
    const choice = { id: 'meal', kind: 'choice', prompt: 'Meal', choices: ['Fish', 'Lamb', 'Vegetarian'] };
    expect(invitationInputSchema.parse({ ...event, questions: [text, choice] }).questions).toEqual([
      { ...text, choices: [] },
      choice,
    ]);
    expect(issuesOf({ ...event, questions: [text, choice, text, choice] })).toHaveLength(1);
    expect(issuesOf({ ...event, questions: [{ ...choice, choices: ['Fish'] }] })).toEqual([
      ['questions.0.choices', 'choices-needed'],
    ]);
    expect(issuesOf({ ...event, questions: [{ ...choice, choices: Array(7).fill('Fish') }] })).toHaveLength(
      1,
    );
    expect(issuesOf({ ...event, questions: [{ ...text, prompt: ' ' }] })).toEqual([
      ['questions.0.prompt', 'required'],
    ]);
  });

  it('keeps bidi controls and line breaks out of one-line fields, in notes only line breaks stay', () => {
    const parsed = invitationInputSchema.parse({
      ...event,
      title: 'حفلة \u202Eسارة',
      notes: 'Dress: white\nParking: street',
    });
    expect(parsed.title).toBe('حفلة سارة');
    expect(parsed.notes).toBe('Dress: white\nParking: street');
  });

  it('refuses a new start in the past, but keeps a saved one that has passed', () => {
    const now = new Date('2027-06-02T00:00:00Z');
    const saved = instantOf(event.startsAt, event.timeZone);
    expect(startIssue(event, null, now)).toBe('starts-in-past');
    expect(startIssue(event, saved, now)).toBeNull();
    expect(startIssue({ ...event, startsAt: '2027-06-01T20:00' }, saved, now)).toBe('starts-in-past');
    expect(startIssue(event, null, new Date('2027-06-01T15:59:00Z'))).toBeNull();
  });
});

describe("an event's times", () => {
  it('turns wall-clock times into instants in their zone, DST and fixed offsets alike, and back', () => {
    expect(instantOf('2027-03-14T01:30', 'America/New_York')?.toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(instantOf('2027-03-14T03:30', 'America/New_York')?.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(instantOf('2027-07-01T12:00', 'America/New_York')?.toISOString()).toBe('2027-07-01T16:00:00.000Z');
    expect(instantOf('2027-02-20T18:15', 'Asia/Riyadh')?.toISOString()).toBe('2027-02-20T15:15:00.000Z');
    expect(localOf(new Date('2027-03-14T07:30:00Z'), 'America/New_York')).toBe('2027-03-14T03:30');
    expect(instantOf('2027-03-14T01:30', 'Nowhere/Else')).toBeNull();
    expect(isLocalDateTime('2027-02-29T10:00')).toBe(false);
    expect(isLocalDateTime('2028-02-29T10:00')).toBe(true);
    expect(isLocalDateTime('2028-02-29T24:00')).toBe(false);
  });
});

describe('what an invitation links to', () => {
  it('starts the templates of event-like categories as invitations, in every catalog language', () => {
    for (const name of [
      'Wedding',
      'Baby Shower',
      'Birthday Party',
      'Engagement',
      'Свадьба',
      'Вечеринка',
      'زفاف',
      'حفل خطوبة',
    ]) {
      expect(startsAsInvitation(name), name).toBe(true);
    }
    for (const name of ['Birthday', 'Thank You', 'Get Well Soon', 'День рождения', 'عيد ميلاد', null]) {
      expect(startsAsInvitation(name), String(name)).toBe(false);
    }
  });

  it('builds a map search from the place, and calendar links from the instants', () => {
    expect(mapLinkOf('  ')).toBeNull();
    expect(mapLinkOf('Kingdom Centre, Riyadh')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Kingdom%20Centre%2C%20Riyadh',
    );
    const link = {
      title: 'Party & cake',
      start: new Date('2027-06-01T16:00:00Z'),
      end: null,
      place: 'Home',
      description: 'https://example.com/c/abc',
    };
    const google = new URL(googleCalendarUrl(link));
    expect(google.searchParams.get('dates')).toBe('20270601T160000Z/20270601T180000Z');
    expect(google.searchParams.get('text')).toBe('Party & cake');
    const outlook = new URL(outlookCalendarUrl(link));
    expect(outlook.searchParams.get('startdt')).toBe('2027-06-01T16:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2027-06-01T18:00:00.000Z');
  });
});
