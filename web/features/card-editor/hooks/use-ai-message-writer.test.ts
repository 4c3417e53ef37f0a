import { describe, expect, it } from 'vitest';
import type { AiMessageRequest } from '../../../../shared/ai/ai-message.contract.ts';
import { checkAiRequest } from './use-ai-message-writer.ts';

const request: AiMessageRequest = {
  occasion: 'Birthday',
  tone: 'Heartfelt & Emotional',
  relationship: 'Close Friend',
  recipientName: ' Alex ',
  senderName: 'Sam',
  personalDetails: ' loves\nhiking ',
  language: 'en',
};

describe('the AI dialog’s request', () => {
  it('is what the server’s contract makes of it: trimmed, the details keeping their lines', () => {
    expect(checkAiRequest(request)).toEqual({
      request: { ...request, recipientName: 'Alex', personalDetails: 'loves\nhiking' },
    });
  });

  it('is not sent when the details hold characters no text has, and says so on that field', () => {
    for (const personalDetails of ['loves\u0000hiking', 'loves \uD83D hiking', '\uDC00'])
      expect(checkAiRequest({ ...request, personalDetails })).toEqual({
        errorKey: 'errors.invalid-characters',
        field: 'personalDetails',
      });
    expect(checkAiRequest({ ...request, senderName: 'S\u0000am' })).toEqual({
      errorKey: 'errors.invalid-characters',
      field: 'senderName',
    });
  });
});
