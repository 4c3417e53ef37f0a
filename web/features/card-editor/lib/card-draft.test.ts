import { describe, expect, it } from 'vitest';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { cardInputSchema } from '../../../../shared/cards/cards.contract.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  cardFormSchema,
  fieldErrorKey,
  initialFormValues,
  saveErrorKey,
  serverCheckOf,
  serverEventIssuesOf,
  toCardRequest,
  toggleVoice,
  toLongHex,
  type CardFormValues,
} from './card-draft.ts';
import { NO_MEDIA_EDITS } from './media-edits.ts';
import type { Invitation } from '../../../../shared/invitations/invitation.contract.ts';

const filled = {
  ...initialFormValues(null, 't1', 'en'),
  senderName: '  Ana ',
  recipientName: ' Bo',
  message: ' Happy birthday! \n',
  selectedVoice: 'female' as const,
};

describe('card draft', () => {
  it('starts empty with the contract defaults, in the UI language, the message not read aloud, face opening on', () => {
    expect(initialFormValues(null, 't1', 'ar')).toEqual({
      templateId: 't1',
      senderName: '',
      recipientName: '',
      message: '',
      selectedVoice: null,
      textStyles: { fontFamily: 'default', fontSize: 14, color: '#333' },
      language: 'ar',
      readMessageAloud: false,
      faceOpening: true,
      media: NO_MEDIA_EDITS,
      kind: 'card',
      event: {
        title: '',
        startsAt: '',
        endsAt: '',
        timeZone: '',
        place: '',
        notes: '',
        rsvpBy: '',
        maxPlusOnes: '0',
        capacity: '',
        showGuestList: false,
        questions: [],
      },
      savedInvitation: null,
    });
  });

  it("signs a new card with the account's name, and keeps a saved card's sender", () => {
    expect(initialFormValues(null, 't1', 'en', undefined, '  Ana Lima ').senderName).toBe('Ana Lima');
    expect(initialFormValues(null, 't1', 'en', undefined, 'A'.repeat(80)).senderName).toHaveLength(60);
    expect(initialFormValues(null, 't1', 'en').senderName).toBe('');
    const saved = { senderName: 'Grandma', invitation: null } as Card;
    expect(initialFormValues(saved, 't1', 'en', undefined, 'Ana').senderName).toBe('Grandma');
  });

  it('starts a new card from an event-like template as an invitation titled after it, in the device zone', () => {
    const values = initialFormValues(null, 't1', 'en', {
      asInvitation: true,
      title: 'Golden Wedding',
      timeZone: 'Asia/Riyadh',
    });
    expect(values.kind).toBe('invitation');
    expect(values.event).toMatchObject({ title: 'Golden Wedding', timeZone: 'Asia/Riyadh', startsAt: '' });
  });

  it("reopens a saved card as what it is, whatever the template's category says", () => {
    const invitation = {
      title: 'Party',
      startsAt: '2027-01-02T20:00',
      endsAt: null,
      timeZone: 'Europe/Moscow',
      place: 'Home',
      notes: '',
      rsvpBy: null,
      maxPlusOnes: 1,
      questions: [{ id: 'song', kind: 'text', prompt: 'A song?', choices: [] }],
      capacity: 40,
      showGuestList: false,
    } as unknown as Invitation;
    const defaults = { asInvitation: true, title: 'Template', timeZone: 'Asia/Riyadh' };
    const reopened = initialFormValues({ invitation } as Card, 't1', 'en', defaults);
    expect(reopened.kind).toBe('invitation');
    expect(reopened.savedInvitation).toBe(invitation);
    expect(reopened.event).toEqual({
      title: 'Party',
      startsAt: '2027-01-02T20:00',
      endsAt: '',
      timeZone: 'Europe/Moscow',
      place: 'Home',
      notes: '',
      rsvpBy: '',
      maxPlusOnes: '1',
      capacity: '40',
      showGuestList: false,
      questions: [{ id: 'song', kind: 'text', prompt: 'A song?', choices: ['', ''] }],
    });
    expect(initialFormValues({ invitation: null } as Card, 't1', 'en', defaults).kind).toBe('card');
  });

  it('starts an edit from the saved card', () => {
    const card = {
      senderName: 'Ana',
      recipientName: 'Bo',
      message: 'Hi',
      selectedVoice: 'male',
      textStyles: { fontFamily: 'Georgia', fontSize: 20, color: '#112233' },
      language: 'ru',
      readMessageAloud: true,
    } as Card;
    expect(initialFormValues(card, 't1', 'en')).toMatchObject({
      senderName: 'Ana',
      textStyles: { fontFamily: 'Georgia', fontSize: 20 },
      language: 'ru',
      readMessageAloud: true,
    });
  });

  it('toggles the voice: the selected one again clears it', () => {
    expect(toggleVoice(null, 'female')).toBe('female');
    expect(toggleVoice('female', 'female')).toBeNull();
    expect(toggleVoice('female', 'male')).toBe('male');
  });

  it('answers only the first failing check in SPEC order, after trimming, on its field', () => {
    const issues = (values: CardFormValues) =>
      (cardFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    const empty = initialFormValues(null, 't1', 'en');
    expect(issues({ ...empty, templateId: null })).toEqual([['templateId', 'card.templateRequired']]);
    expect(issues(empty)).toEqual([['senderName', 'card.senderRequired']]);
    expect(issues({ ...empty, senderName: 'A' })).toEqual([['recipientName', 'card.recipientRequired']]);
    expect(issues({ ...filled, message: '   ' })).toEqual([['message', 'card.messageRequired']]);
    expect(issues({ ...filled, selectedVoice: null })).toEqual([['selectedVoice', 'card.voiceRequired']]);
    expect(issues(filled)).toEqual([]);
  });

  it("words a check by its code and the contract's other refusals as invalid input", () => {
    expect(fieldErrorKey('card.messageRequired')).toBe('card.messageRequired');
    expect(fieldErrorKey('too-long')).toBe('errors.validation-failed');
    expect(fieldErrorKey(undefined)).toBeNull();
  });

  it('says which field holds what is not text, with the text rule’s message', () => {
    for (const [field, value] of [
      ['senderName', 'Ana\u0000'],
      ['recipientName', 'Bo\uD800'],
      ['message', 'Happy\n\uDC00birthday'],
    ] as const) {
      const result = cardFormSchema.safeParse({ ...filled, [field]: value });
      const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
      expect(fieldErrorKey(issue?.message), field).toBe('errors.invalid-characters');
    }
  });

  it('maps the form to a request the contract accepts, trimmed, with the text styles', () => {
    const request = toCardRequest(
      cardFormSchema.parse({
        ...filled,
        textStyles: { fontFamily: 'Impact', fontSize: 22, color: '#e11d48' },
      }),
    );
    expect(request).toEqual({
      templateId: 't1',
      senderName: 'Ana',
      recipientName: 'Bo',
      message: 'Happy birthday!',
      selectedVoice: 'female',
      textStyles: { fontFamily: 'Impact', fontSize: 22, color: '#e11d48' },
      language: 'en',
      readMessageAloud: false,
      faceOpening: true,
      invitation: null,
    });
    expect(cardInputSchema.safeParse(request).success).toBe(true);
  });

  const invitationForm: CardFormValues = {
    ...filled,
    kind: 'invitation',
    event: {
      title: ' Lina & Omar ',
      startsAt: '2099-12-24T18:30',
      endsAt: '2099-12-24T23:00',
      timeZone: 'Asia/Riyadh',
      place: 'Al Faisaliah Hotel',
      notes: 'Formal',
      rsvpBy: '2099-12-20T12:00',
      maxPlusOnes: '2',
      capacity: '150',
      showGuestList: true,
      questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal', choices: ['Fish', 'Lamb'] }],
    },
  };

  it("puts an invitation's whole event into the same request, which the contract accepts", () => {
    const request = toCardRequest(cardFormSchema.parse(invitationForm));
    expect(request.invitation).toMatchObject({
      title: 'Lina & Omar',
      startsAt: '2099-12-24T18:30',
      endsAt: '2099-12-24T23:00',
      timeZone: 'Asia/Riyadh',
      place: 'Al Faisaliah Hotel',
      notes: 'Formal',
      rsvpBy: '2099-12-20T12:00',
      maxPlusOnes: 2,
      capacity: 150,
      showGuestList: true,
      questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal', choices: ['Fish', 'Lamb'] }],
    });
    expect(cardInputSchema.safeParse(request).success).toBe(true);
  });

  it('sends a card switched back from an invitation as a card (invitation: null), whatever its event held', () => {
    const request = toCardRequest(
      cardFormSchema.parse({
        ...invitationForm,
        kind: 'card',
        event: { ...invitationForm.event, title: '' },
      }),
    );
    expect(request.invitation).toBeNull();
  });

  it("shows each event field's issue on that field, beside the card's first failing check", () => {
    const result = cardFormSchema.safeParse({
      ...invitationForm,
      message: ' ',
      event: { ...invitationForm.event, title: '', endsAt: '2099-12-24T17:00' },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['message', 'card.messageRequired'],
      ['event.title', 'required'],
      ['event.endsAt', 'ends-before-start'],
    ]);
  });

  it("shows a question's issue on that question's field", () => {
    const result = cardFormSchema.safeParse({
      ...invitationForm,
      event: {
        ...invitationForm.event,
        questions: [{ id: 'meal', kind: 'choice', prompt: 'Meal', choices: ['Fish', ''] }],
      },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['event.questions.0.choices.1', 'required'],
    ]);
  });

  it('refuses a start in the past on the start', () => {
    const result = cardFormSchema.safeParse({
      ...invitationForm,
      event: { ...invitationForm.event, startsAt: '2001-01-01T10:00', endsAt: '', rsvpBy: '' },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['event.startsAt', 'starts-in-past'],
    ]);
  });

  it('expands short colours for the colour input', () => {
    expect(toLongHex('#333')).toBe('#333333');
    expect(toLongHex('#A1B2C3')).toBe('#a1b2c3');
  });

  it('maps save failures as SPEC §8 says', () => {
    const failure = (code: string | null, status: number | null, message = 'x') =>
      new ApiRequestError(message, { code: code as never, status });
    expect(saveErrorKey(failure('permission-denied', 403))).toBe('editor.errors.permissionDenied');
    expect(saveErrorKey(failure('service-unavailable', 503))).toBe('editor.errors.unavailable');
    expect(saveErrorKey(failure('internal', 500, 'storage write failed'))).toBe('editor.errors.storage');
    expect(saveErrorKey(failure('card-not-found', 404))).toBe('errors.card-not-found');
    expect(saveErrorKey(failure('plan-required', 403))).toBe('editor.language.planRequired');
    expect(saveErrorKey(failure(null, null))).toBe('errors.network');
    expect(saveErrorKey(failure('internal', 500))).toBe('errors.internal');
    expect(saveErrorKey(new Error('boom'))).toBe('errors.generic');
  });

  it('reads the event fields a server 400 refuses from its details', () => {
    const error = new ApiRequestError('The event must start in the future.', {
      code: 'validation-failed',
      status: 400,
      details: [{ path: 'invitation.startsAt', message: 'starts-in-past' }],
    });
    expect(serverEventIssuesOf(error)).toEqual([{ field: 'startsAt', code: 'starts-in-past' }]);
    expect(serverEventIssuesOf(new ApiRequestError('x', { code: 'internal', status: 500 }))).toEqual([]);
  });

  it('recognises which check a server 400 names', () => {
    const error = new ApiRequestError('Please enter a message', { code: 'validation-failed', status: 400 });
    expect(serverCheckOf(error)?.code).toBe('card.messageRequired');
    expect(serverCheckOf(new ApiRequestError('bad', { code: 'validation-failed', status: 400 }))).toBeNull();
  });
});
