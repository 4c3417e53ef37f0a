import { describe, expect, it } from 'vitest';
import type { Invitation } from '../../../../shared/invitations/invitation.contract.ts';
import {
  checkEvent,
  eventErrorKey,
  initialEventValues,
  labelMoment,
  newQuestion,
  serverEventIssues,
  toInvitationInput,
  type EventFormValues,
} from './invitation-draft.ts';
import { timeZoneLabel } from '../../../lib/time-zones.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

const filled: EventFormValues = {
  title: '  Lina & Omar ',
  startsAt: '2026-12-24T18:30',
  endsAt: '',
  timeZone: 'Asia/Riyadh',
  place: 'Al Faisaliah Hotel, Riyadh',
  notes: 'Dress code: formal\nParking at the back',
  rsvpBy: '',
  maxPlusOnes: '0',
  capacity: '',
  showGuestList: false,
  questions: [],
};

const saved: Invitation = {
  title: 'Lina & Omar',
  startsAt: '2026-03-01T19:00',
  endsAt: null,
  timeZone: 'Asia/Riyadh',
  startsAtUtc: '2026-03-01T16:00:00.000Z',
  endsAtUtc: null,
  place: '',
  mapUrl: null,
  notes: '',
  rsvpBy: '2026-02-20T12:00',
  rsvpByUtc: '2026-02-20T09:00:00.000Z',
  maxPlusOnes: 2,
  questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal?', choices: ['Fish', 'Lamb'] }],
  capacity: 120,
  showGuestList: true,
  guestLimit: 20,
};

const issuesOf = (event: EventFormValues, savedInvitation: Invitation | null = null) =>
  checkEvent(event, savedInvitation, NOW).issues.map(({ field, code }) => `${field}:${code}`);

describe('the event in the card form', () => {
  it('starts a new event titled after the template, in the device zone, with nothing else filled', () => {
    expect(initialEventValues(null, { title: 'Golden Wedding', timeZone: 'Europe/Moscow' })).toEqual({
      title: 'Golden Wedding',
      startsAt: '',
      endsAt: '',
      timeZone: 'Europe/Moscow',
      place: '',
      notes: '',
      rsvpBy: '',
      maxPlusOnes: '0',
      capacity: '',
      showGuestList: false,
      questions: [],
    });
  });

  it('starts an edit from the saved event and its reply settings, an empty end as an empty field', () => {
    expect(initialEventValues(saved, { title: 'Template', timeZone: 'Europe/Moscow' })).toEqual({
      title: 'Lina & Omar',
      startsAt: '2026-03-01T19:00',
      endsAt: '',
      timeZone: 'Asia/Riyadh',
      place: '',
      notes: '',
      rsvpBy: '2026-02-20T12:00',
      maxPlusOnes: '2',
      capacity: '120',
      showGuestList: true,
      questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal?', choices: ['Fish', 'Lamb'] }],
    });
  });

  it('passes a whole event and gives it trimmed, in the canonical zone, with the reply defaults', () => {
    const checked = checkEvent({ ...filled, timeZone: ' asia/riyadh ' }, null, NOW);
    expect(checked.issues).toEqual([]);
    expect(checked.invitation).toMatchObject({
      title: 'Lina & Omar',
      startsAt: '2026-12-24T18:30',
      endsAt: null,
      timeZone: 'Asia/Riyadh',
      notes: 'Dress code: formal\nParking at the back',
      rsvpBy: null,
      maxPlusOnes: 0,
      questions: [],
      capacity: null,
      showGuestList: false,
    });
  });

  it('says which fields are missing: the title, the start and the zone', () => {
    expect(issuesOf({ ...filled, title: '   ', startsAt: '', timeZone: '' })).toEqual([
      'title:required',
      'startsAt:required',
      'timeZone:required',
    ]);
  });

  it('refuses an end before the start on the end, and an unknown zone on the zone', () => {
    expect(issuesOf({ ...filled, endsAt: '2026-12-24T17:00' })).toEqual(['endsAt:ends-before-start']);
    expect(issuesOf({ ...filled, endsAt: '2026-12-24T18:30' })).toEqual(['endsAt:ends-before-start']);
    expect(issuesOf({ ...filled, timeZone: 'Mars/Olympus_Mons' })).toEqual(['timeZone:unknown-time-zone']);
    expect(issuesOf({ ...filled, startsAt: '2026-02-30T10:00' })).toEqual(['startsAt:invalid-date-time']);
  });

  it('refuses a start in the past, unless it is the start already saved', () => {
    expect(issuesOf({ ...filled, startsAt: '2026-05-01T10:00' })).toEqual(['startsAt:starts-in-past']);
    const passed = initialEventValues(saved, { title: '', timeZone: '' });
    expect(issuesOf({ ...passed, place: 'Riyadh' }, saved)).toEqual([]);
    expect(issuesOf({ ...passed, startsAt: '2026-03-02T19:00' }, saved)).toEqual(['startsAt:starts-in-past']);
  });

  it('keeps text rules on their fields: not text, and too long', () => {
    expect(issuesOf({ ...filled, place: 'Hall\u0000' })).toEqual(['place:invalid-characters']);
    expect(issuesOf({ ...filled, notes: 'x'.repeat(1001) })).toEqual(['notes:too-long']);
  });

  it('sends the reply settings as the form holds them, an empty deadline and capacity as none', () => {
    const replies: EventFormValues = {
      ...filled,
      rsvpBy: '2026-12-20T12:00',
      maxPlusOnes: '3',
      capacity: ' 80 ',
      showGuestList: true,
      questions: [
        { id: 'meal', kind: 'choice', prompt: ' Meal? ', choices: ['Fish', ' Lamb '] },
        // A question switched to short text keeps what was typed in its choices, but sends none.
        { id: 'song', kind: 'text', prompt: 'A song for the dance floor', choices: ['', 'Waltz'] },
      ],
    };
    const checked = checkEvent(replies, saved, NOW);
    expect(checked.issues).toEqual([]);
    expect(checked.invitation).toMatchObject({
      rsvpBy: '2026-12-20T12:00',
      maxPlusOnes: 3,
      capacity: 80,
      showGuestList: true,
      questions: [
        { id: 'meal', kind: 'choice', prompt: 'Meal?', choices: ['Fish', 'Lamb'] },
        { id: 'song', kind: 'text', prompt: 'A song for the dance floor', choices: [] },
      ],
    });
    // A deadline and a capacity taken away are gone: the form sends what its fields hold.
    expect(toInvitationInput(filled)).toMatchObject({
      rsvpBy: null,
      maxPlusOnes: 0,
      capacity: null,
      showGuestList: false,
      questions: [],
    });
  });

  it('shows each reply setting its own refusal, in the order of the form', () => {
    expect(
      issuesOf({
        ...filled,
        rsvpBy: '2026-12-25T09:00',
        capacity: '0',
        questions: [
          { id: 'a', kind: 'text', prompt: '  ', choices: [] },
          { id: 'b', kind: 'choice', prompt: 'Meal?', choices: ['Fish'] },
          { id: 'c', kind: 'choice', prompt: 'Table?', choices: ['Inside', ' ', 'Garden'] },
        ],
      }),
    ).toEqual([
      'rsvpBy:deadline-after-start',
      'questions.0.prompt:required',
      'questions.1.choices:choices-needed',
      'questions.2.choices.1:required',
      'capacity:capacity-too-small',
    ]);
    expect(issuesOf({ ...filled, capacity: '2.5' })).toEqual(['capacity:whole-number']);
    expect(issuesOf({ ...filled, capacity: '100000' })).toEqual(['capacity:capacity-too-large']);
    expect(issuesOf({ ...filled, rsvpBy: '2026-13-01T09:00' })).toEqual(['rsvpBy:invalid-date-time']);
  });

  it('shows a saved deadline that a new start passes on the deadline', () => {
    const edited = initialEventValues(saved, { title: '', timeZone: '' });
    expect(issuesOf({ ...edited, startsAt: '2026-02-10T18:00' }, saved)).toEqual([
      'rsvpBy:deadline-after-start',
    ]);
  });

  it('makes each new question a short-text one with an id of its own that answers can refer to', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newQuestion().id));
    expect(ids.size).toBe(50);
    const question = newQuestion();
    expect(question).toEqual({ id: question.id, kind: 'text', prompt: '', choices: ['', ''] });
    expect(question.id).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it('words each code: the invitation codes by their key, the text rule by the shared one', () => {
    expect(eventErrorKey('ends-before-start')).toBe('invitation.errors.ends-before-start');
    expect(eventErrorKey('required')).toBe('invitation.errors.required');
    expect(eventErrorKey('whole-number')).toBe('invitation.errors.whole-number');
    expect(eventErrorKey('invalid-characters')).toBe('errors.invalid-characters');
    expect(eventErrorKey('too-long')).toBe('errors.validation-failed');
  });

  it("reads the server's refusal of the event's fields", () => {
    expect(
      serverEventIssues([
        { path: 'invitation.startsAt', message: 'starts-in-past' },
        { path: 'invitation.rsvpBy', message: 'deadline-after-start' },
        { path: 'invitation.questions.1.choices', message: 'choices-needed' },
        { path: 'senderName', message: 'too-long' },
        null,
        { path: 'invitation.title' },
      ]),
    ).toEqual([
      { field: 'startsAt', code: 'starts-in-past' },
      { field: 'rsvpBy', code: 'deadline-after-start' },
      { field: 'questions.1.choices', code: 'choices-needed' },
    ]);
    expect(serverEventIssues(undefined)).toEqual([]);
  });

  it("names the zone in the UI language at the event's date (summer and winter differ)", () => {
    const winter = labelMoment(
      { ...filled, startsAt: '2026-12-24T18:30', timeZone: 'America/New_York' },
      NOW,
    );
    const summer = labelMoment(
      { ...filled, startsAt: '2026-07-04T18:30', timeZone: 'America/New_York' },
      NOW,
    );
    expect(timeZoneLabel('America/New_York', 'en', winter)).toBe('Eastern Standard Time');
    expect(timeZoneLabel('America/New_York', 'en', summer)).toBe('Eastern Daylight Time');
    expect(labelMoment({ ...filled, startsAt: '' }, NOW)).toBe(NOW);
    expect(timeZoneLabel('Nowhere/Land', 'en', NOW)).toBeNull();
  });
});
