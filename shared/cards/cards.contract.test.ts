import { describe, expect, it } from 'vitest';
import { cardInputSchema, textStylesSchema } from './cards.contract.ts';
import {
  CARD_MESSAGE_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  FONT_FAMILIES,
  validateCardDraft,
} from './card-rules.ts';

const complete = {
  templateId: 'birthday-01',
  senderName: 'Sam',
  recipientName: 'Alex',
  message: 'Happy birthday!',
  selectedVoice: 'female',
};

describe('validateCardDraft (SPEC §5 card finalisation)', () => {
  it('passes a complete draft', () => {
    expect(validateCardDraft(complete)).toBeNull();
  });

  it('answers the first failing check in SPEC order, one at a time', () => {
    const order = [
      ['templateId', 'card.templateRequired', 'Please select a template first'],
      ['senderName', 'card.senderRequired', 'Please enter sender name'],
      ['recipientName', 'card.recipientRequired', 'Please enter recipient name'],
      ['message', 'card.messageRequired', 'Please enter a message'],
      ['selectedVoice', 'card.voiceRequired', 'Please select an AI voice'],
    ] as const;
    // Everything missing: each fix reveals the next check, in SPEC's order.
    const draft: Record<string, string | null> = {
      templateId: '',
      senderName: '',
      recipientName: '',
      message: '',
      selectedVoice: null,
    };
    for (const [field, code, message] of order) {
      expect(validateCardDraft(draft)).toMatchObject({ code, field, message });
      draft[field] = complete[field];
    }
    expect(validateCardDraft(draft)).toBeNull();
  });

  it('reports the sender before the message when both are missing', () => {
    expect(validateCardDraft({ ...complete, senderName: '', message: '' })?.code).toBe('card.senderRequired');
  });

  it('trims first: whitespace-only names and message count as missing', () => {
    expect(validateCardDraft({ ...complete, senderName: '  \n\t ' })?.code).toBe('card.senderRequired');
    expect(validateCardDraft({ ...complete, recipientName: ' ' })?.code).toBe('card.recipientRequired');
    expect(validateCardDraft({ ...complete, message: '\n\n' })?.code).toBe('card.messageRequired');
    expect(validateCardDraft({ ...complete, templateId: '  ' })?.code).toBe('card.templateRequired');
  });

  it('treats null, undefined and unknown voices as no voice', () => {
    expect(validateCardDraft({ ...complete, selectedVoice: null })?.code).toBe('card.voiceRequired');
    expect(validateCardDraft({ ...complete, selectedVoice: undefined })?.code).toBe('card.voiceRequired');
    expect(validateCardDraft({ ...complete, selectedVoice: 'robot' })?.code).toBe('card.voiceRequired');
    expect(validateCardDraft({ ...complete, selectedVoice: 'male' })).toBeNull();
    expect(validateCardDraft({})?.code).toBe('card.templateRequired');
  });
});

describe('card input and text styles', () => {
  it('offers SPEC’s 20 fonts', () => {
    expect(FONT_FAMILIES).toHaveLength(20);
    expect(new Set(FONT_FAMILIES).size).toBe(20);
  });

  it('trims names and message and bounds their length after trimming', () => {
    const parsed = cardInputSchema.parse({ senderName: '  Sam ', message: ' Hi\n' });
    expect(parsed).toMatchObject({ senderName: 'Sam', message: 'Hi' });
    expect(cardInputSchema.safeParse({ senderName: `  ${'a'.repeat(CARD_NAME_MAX_LENGTH)}  ` }).success).toBe(
      true,
    );
    expect(cardInputSchema.safeParse({ senderName: 'a'.repeat(CARD_NAME_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(cardInputSchema.safeParse({ message: 'a'.repeat(CARD_MESSAGE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });

  it('refuses unknown fields, such as owner ids or the paid flag', () => {
    expect(cardInputSchema.safeParse({ userId: 'someone' }).success).toBe(false);
    expect(cardInputSchema.safeParse({ isPaid: true }).success).toBe(false);
    expect(cardInputSchema.safeParse({ textStyles: { fontWeight: 'bold' } }).success).toBe(false);
  });

  it('accepts known fonts, #rgb/#rrggbb colours and bounded sizes only', () => {
    expect(
      textStylesSchema.safeParse({ fontFamily: 'Creepster', fontSize: 48, color: '#A0b1C2' }).success,
    ).toBe(true);
    expect(textStylesSchema.safeParse({ fontFamily: 'default', fontSize: 10, color: '#333' }).success).toBe(
      true,
    );
    for (const bad of [
      { fontFamily: 'Wingdings', fontSize: 14, color: '#333' },
      { fontFamily: 'Arial', fontSize: 49, color: '#333' },
      { fontFamily: 'Arial', fontSize: 9, color: '#333' },
      { fontFamily: 'Arial', fontSize: 14.5, color: '#333' },
      { fontFamily: 'Arial', fontSize: 14, color: 'red' },
      { fontFamily: 'Arial', fontSize: 14, color: '#3333' },
      { fontFamily: 'Arial', fontSize: 14, color: '#333;background:url(x)' },
    ]) {
      expect(textStylesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
