import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, hasErrorCode, isClientError, withQuery } from './api-client.ts';
import { errorMessageKey } from './error-message.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('withQuery', () => {
  it('skips empty values and keeps order', () => {
    expect(withQuery('/api/x', { category: 'New Drops', style: undefined, q: ' ', page: 2 })).toBe(
      '/api/x?category=New+Drops&page=2',
    );
    expect(withQuery('/api/x')).toBe('/api/x');
    expect(withQuery('/api/x?a=1', { b: 'c' })).toBe('/api/x?a=1&b=c');
  });
});

describe('apiRequest', () => {
  it('returns the parsed JSON of a 2xx answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/a', { params: { page: 1 } })).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/a?page=1',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('throws a typed error carrying the server code', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(404, { code: 'category-not-found', message: 'nope' }));
    const error = await apiRequest('/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('category-not-found');
    expect((error as ApiRequestError).status).toBe(404);
    expect(errorMessageKey(error)).toBe('errors.category-not-found');
    expect(isClientError(error)).toBe(true);
    expect(hasErrorCode(error, 'category-not-found')).toBe(true);
  });

  it('falls back to a code-less error for a body without a known code', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest('/api/a').catch((e: unknown) => e);
    expect((error as ApiRequestError).code).toBeNull();
    expect((error as ApiRequestError).status).toBe(502);
    expect(errorMessageKey(error)).toBe('errors.generic');
    expect(isClientError(error)).toBe(false);
  });

  it('reports a network failure as a code-less network error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('/api/a').catch((e: unknown) => e);
    expect((error as ApiRequestError).isNetworkError).toBe(true);
    expect(errorMessageKey(error)).toBe('errors.network');
  });

  it('rethrows an abort as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('Aborted', 'AbortError');
    });
    const error = await apiRequest('/api/a', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiRequestError);
  });

  it('maps anything else to the generic message', () => {
    expect(errorMessageKey(new Error('x'))).toBe('errors.generic');
  });
});
