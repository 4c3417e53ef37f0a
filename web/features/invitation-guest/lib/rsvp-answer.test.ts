import { describe, expect, it } from 'vitest';
import type { Rsvp } from '../../../../shared/invitations/guests.contract.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  deadlineText,
  formValuesOf,
  repliesCloseAt,
  rsvpInputOf,
  serverIssues,
  type ReplyRules,
} from './rsvp-answer.ts';
import { replyIssues } from './rsvp-checks.ts';

const rules: ReplyRules = {
  maxPlusOnes: 2,
  withName: false,
  questions: [
    { id: 'meal', kind: 'choice', prompt: 'Your meal', choices: ['Fish', 'Vegetarian'] },
    { id: 'song', kind: 'text', prompt: 'A song for the dance floor', choices: [] },
  ],
};

const answered = (rsvp: Partial<Rsvp>): Rsvp => ({
  state: 'yes',
  headcount: 1,
  plusOneNames: [],
  answers: {},
  note: '',
  answeredAt: '2026-11-27T12:00:00.000Z',
  waitlistPosition: null,
  ...rsvp,
});

describe("a guest's reply form", () => {
  it('starts empty before any answer, and from the answer as it stands after one', () => {
    expect(formValuesOf(null, rules)).toEqual({
      name: '',
      status: '',
      headcount: '1',
      plusOneNames: ['', ''],
      answers: { meal: '', song: '' },
      note: '',
    });
    expect(formValuesOf(answered({ state: 'pending', headcount: 0 }), rules).status).toBe('');
    const values = formValuesOf(
      answered({ headcount: 2, plusOneNames: ['Sam'], answers: { meal: 'Fish' }, note: 'See you!' }),
      rules,
    );
    expect(values).toMatchObject({
      status: 'yes',
      headcount: '2',
      plusOneNames: ['Sam', ''],
      answers: { meal: 'Fish', song: '' },
      note: 'See you!',
    });
    // A waiting guest said yes; a no counted nobody, and the form offers one person again.
    expect(formValuesOf(answered({ state: 'waitlisted', waitlistPosition: 3 }), rules).status).toBe('yes');
    expect(formValuesOf(answered({ state: 'no', headcount: 0 }), rules).headcount).toBe('1');
  });

  it('sends the plus-ones coming with the names typed for them, and the questions answered', () => {
    const values = {
      ...formValuesOf(null, rules),
      status: 'yes' as const,
      headcount: '2',
      plusOneNames: [' Sam ', 'Ria'],
      answers: { meal: 'Vegetarian', song: '  ' },
      note: 'Can’t wait',
    };
    // Ria's name was typed for a second plus-one the headcount no longer has: kept in the form, not sent.
    expect(rsvpInputOf(values, rules)).toEqual({
      status: 'yes',
      headcount: 2,
      plusOneNames: ['Sam'],
      answers: { meal: 'Vegetarian' },
      note: 'Can’t wait',
    });
    expect(rsvpInputOf({ ...values, headcount: '3', plusOneNames: ['', 'Ria'] }, rules).plusOneNames).toEqual(
      ['Ria'],
    );
    // A no brings nobody and answers no question; what was typed stays in the form.
    expect(rsvpInputOf({ ...values, status: 'no' }, rules)).toEqual({
      status: 'no',
      headcount: 1,
      plusOneNames: [],
      answers: {},
      note: 'Can’t wait',
    });
  });

  it('checks a reply as the server does before it is sent, each issue on its field', () => {
    const empty = formValuesOf(null, rules);
    expect(replyIssues(empty, rules)).toEqual({ status: 'invitation.rsvp.errors.status-required' });
    expect(replyIssues({ ...empty, status: 'no' }, rules)).toEqual({});
    expect(replyIssues({ ...empty, status: 'yes', answers: { meal: 'Steak', song: '' } }, rules)).toEqual({
      'answers.meal': 'invitation.rsvp.errors.unknown-choice',
    });
    expect(replyIssues({ ...empty, status: 'maybe', note: 'x'.repeat(501) }, rules)).toEqual({
      note: 'invitation.rsvp.errors.too-long',
    });
    expect(
      replyIssues({ ...empty, status: 'yes', headcount: '2', plusOneNames: ['Sam\u0000', ''] }, rules),
    ).toEqual({ plusOneNames: 'errors.invalid-characters' });
    // The open group link asks the guest's name.
    const open = { ...rules, withName: true };
    expect(replyIssues({ ...empty, status: 'yes', name: '  ' }, open)).toEqual({
      name: 'invitation.rsvp.errors.name-required',
    });
    expect(replyIssues({ ...empty, status: 'yes', name: 'Leila' }, open)).toEqual({});
  });

  it("ties the server's refusals to the same fields", () => {
    const refusal = new ApiRequestError('Invalid', {
      code: 'validation-failed',
      status: 400,
      details: [
        { path: 'headcount', message: 'too-many-plus-ones' },
        { path: 'plusOneNames.1', message: 'too-long' },
        { path: 'answers.meal', message: 'unknown-choice' },
        { path: 'name', message: 'invalid-characters' },
      ],
    });
    expect(serverIssues(refusal)).toEqual({
      headcount: 'invitation.rsvp.errors.too-many-plus-ones',
      plusOneNames: 'invitation.rsvp.errors.too-long',
      'answers.meal': 'invitation.rsvp.errors.unknown-choice',
      name: 'errors.invalid-characters',
    });
    expect(serverIssues(new ApiRequestError('Closed', { code: 'replies-closed', status: 409 }))).toEqual({});
  });

  it('closes replies at the deadline, else at the start', () => {
    const startsAtUtc = '2027-06-05T15:00:00.000Z';
    expect(repliesCloseAt({ rsvpByUtc: '2027-06-01T11:00:00.000Z', startsAtUtc }).toISOString()).toBe(
      '2027-06-01T11:00:00.000Z',
    );
    expect(repliesCloseAt({ rsvpByUtc: null, startsAtUtc }).toISOString()).toBe(startsAtUtc);
  });

  it("says the host's deadline in the event's zone, and nothing without one", () => {
    const rsvpBy = { rsvpByUtc: '2027-06-01T11:00:00.000Z', timeZone: 'Europe/London' };
    expect(deadlineText(rsvpBy, 'en')).toBe('Tuesday, June 1 at 12:00 PM GMT+1');
    expect(deadlineText({ ...rsvpBy, timeZone: 'Asia/Riyadh' }, 'en')).toContain('2:00 PM GMT+3');
    expect(deadlineText({ ...rsvpBy, rsvpByUtc: null }, 'en')).toBeNull();
  });
});
