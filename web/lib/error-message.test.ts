import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors.ts';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.ts';
import ar from '../../shared/i18n/locales/ar.json';
import en from '../../shared/i18n/locales/en.json';
import ru from '../../shared/i18n/locales/ru.json';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { ApiRequestError } from './api-client.ts';
import { errorMessageKey, errorReason } from './error-message.ts';

const locales: Record<Language, Record<string, unknown>> = { en, ar, ru };

/** The text at a dotted key, or undefined. */
function textAt(locale: Record<string, unknown>, key: string): unknown {
  const [group, name] = key.split(/\.(.*)/s);
  return (locale[group!] as Record<string, unknown> | undefined)?.[name!];
}

const apiError = (
  message: string,
  options: { code?: string | null; status?: number | null; providerCode?: string | null } = {},
) =>
  new ApiRequestError(message, {
    code: (options.code ?? null) as never,
    status: options.status === undefined ? 400 : options.status,
    providerCode: options.providerCode ?? null,
  });

const t: TFunction = (key) => `t:${key}`;

describe('errorMessageKey', () => {
  it('gives every error code of shared/errors.ts its own message in en, ar and ru', () => {
    for (const code of ERROR_CODES) {
      const key = errorMessageKey(apiError('x', { code }));
      expect(key).toBe(`errors.${code}`);
      for (const language of LANGUAGES) {
        const text = textAt(locales[language], key);
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${key}`).toBe(true);
      }
    }
  });

  it('names a network failure, and falls back to the generic message', () => {
    expect(errorMessageKey(apiError('Network error', { status: null }))).toBe('errors.network');
    expect(errorMessageKey(apiError('HTTP 502', { status: 502 }))).toBe('errors.generic');
    expect(errorMessageKey(new Error('boom'))).toBe('errors.generic');
    for (const language of LANGUAGES)
      for (const key of ['errors.network', 'errors.generic'])
        expect(typeof textAt(locales[language], key), `${language} ${key}`).toBe('string');
  });

  it('reads a rate limit without our body, and our code answered by a library under /api', () => {
    expect(errorMessageKey(apiError('slow down', { status: 429 }))).toBe('errors.rate-limited');
    expect(errorMessageKey(apiError('x', { providerCode: 'payments-unavailable', status: 503 }))).toBe(
      'errors.payments-unavailable',
    );
    expect(errorMessageKey(apiError('x', { providerCode: 'SOMETHING_ELSE', status: 500 }))).toBe(
      'errors.generic',
    );
  });
});

describe('errorReason', () => {
  it("is the code's message, else the server's own text, else the generic message", () => {
    expect(errorReason(apiError('x', { code: 'unauthenticated', status: 401 }), t)).toBe(
      't:errors.unauthenticated',
    );
    expect(errorReason(apiError('Stripe is down', { status: 502 }), t)).toBe('Stripe is down');
    expect(errorReason(apiError('HTTP 502', { status: 502 }), t)).toBe('t:errors.generic');
    expect(errorReason(new Error('boom'), t)).toBe('t:errors.generic');
    expect(errorReason(apiError('Network error', { status: null }), t)).toBe('t:errors.network');
  });
});
