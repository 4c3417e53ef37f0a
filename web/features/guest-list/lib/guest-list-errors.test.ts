import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { guestLimitReached, importIssuesOf, importIssueText } from './guest-list-errors.ts';

const refused = (
  code: 'guest-list-invalid' | 'guest-limit-reached' | 'validation-failed',
  details: unknown,
) => new ApiRequestError('refused', { code, status: code === 'guest-limit-reached' ? 403 : 400, details });

/** A translator that shows the key and its values, as the tests read them. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

describe('what the server refuses in a guest list', () => {
  it('reads the refused rows by line, in order, each once', () => {
    const error = refused('guest-list-invalid', [
      { line: 7, message: 'duplicate' },
      { line: 3, message: 'invalid-email' },
      { line: 3, message: 'invalid-email' },
      { line: 5, message: 'too-long' },
    ]);
    expect(importIssuesOf(error)).toEqual([
      { line: 3, message: 'invalid-email' },
      { line: 5, message: 'too-long' },
      { line: 7, message: 'duplicate' },
    ]);
  });

  it('keeps a whole-list refusal (line 0) and drops details that are not rows', () => {
    expect(importIssuesOf(refused('guest-list-invalid', [{ line: 0, message: 'not-utf8' }]))).toEqual([
      { line: 0, message: 'not-utf8' },
    ]);
    expect(
      importIssuesOf(refused('guest-list-invalid', [{ line: 'x', message: 'duplicate' }, null, 'oops'])),
    ).toEqual([]);
    expect(importIssuesOf(refused('validation-failed', [{ line: 1, message: 'duplicate' }]))).toBeNull();
    expect(importIssuesOf(new Error('offline'))).toBeNull();
  });

  it('words a row by its line, and a refusal of the whole list without one', () => {
    expect(importIssueText({ line: 3, message: 'invalid-email' }, t)).toBe(
      'guestList.add.line {"line":3,"message":"guestList.add.issues.invalid-email"}',
    );
    expect(importIssueText({ line: 0, message: 'not-utf8' }, t)).toBe('guestList.add.issues.not-utf8');
    // A reason this browser does not know yet still names its line.
    expect(importIssueText({ line: 4, message: 'something-new' }, t)).toBe(
      'guestList.add.line {"line":4,"message":"guestList.add.issues.unreadable-row"}',
    );
  });

  it("reads the plan's limit and the guests already invited from a refusal past the limit", () => {
    expect(guestLimitReached(refused('guest-limit-reached', { limit: 20, guests: 18 }))).toEqual({
      limit: 20,
      guests: 18,
    });
    // The open link's refusal carries no details: the limit is still what it says.
    expect(guestLimitReached(refused('guest-limit-reached', undefined))).toEqual({
      limit: null,
      guests: null,
    });
    expect(guestLimitReached(refused('guest-list-invalid', []))).toBeNull();
  });
});
