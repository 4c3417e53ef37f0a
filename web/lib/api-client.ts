import { readApiError, type ErrorCode } from '../../shared/errors.ts';

/**
 * The browser's only way to call our API. A non-2xx answer becomes an `ApiRequestError` carrying the server's
 * stable `code` (shared/errors.ts); a request that never reached the server becomes one with no code and no
 * status, so the UI can say "Network error" instead of a generic failure.
 */
export class ApiRequestError extends Error {
  readonly code: ErrorCode | null;
  /** HTTP status, or null when the request failed before an answer arrived. */
  readonly status: number | null;
  /**
   * A code outside our own catalogue, as a library mounted under /api answers it (better-auth under
   * /api/auth says `EMAIL_NOT_VERIFIED`, `INVALID_EMAIL_OR_PASSWORD`, …); null otherwise.
   */
  readonly providerCode: string | null;
  /**
   * The answer's `details` as the server sent them: for `validation-failed`, the refused fields
   * (`[{path: 'invitation.startsAt', message: 'starts-in-past'}]`), read by the form that sent them.
   */
  readonly details: unknown;

  constructor(
    message: string,
    options: {
      code: ErrorCode | null;
      status: number | null;
      cause?: unknown;
      providerCode?: string | null;
      details?: unknown;
    },
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiRequestError';
    this.code = options.code;
    this.status = options.status;
    this.providerCode = options.providerCode ?? null;
    this.details = options.details;
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends the non-empty params to a path: `withQuery('/a', {q: 'x', page: 2})` → `/a?q=x&page=2`. */
export function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') search.set(key, text);
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Turns a failed response into an error, reading `{code, message}` when the body has that shape. */
export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): fall through to a code-less error.
  }
  const apiError = readApiError(body);
  // better-auth's own code, as our auth bridge forwards it (`authCode`) or as better-auth answers (`code`).
  const provider = body as {
    code?: unknown;
    message?: unknown;
    authCode?: unknown;
    details?: unknown;
  } | null;
  const authCode = typeof provider?.authCode === 'string' && provider.authCode ? provider.authCode : null;
  if (apiError)
    return new ApiRequestError(apiError.message, {
      code: apiError.code,
      status: response.status,
      providerCode: authCode,
      details: provider?.details,
    });
  const providerCode =
    authCode ?? (typeof provider?.code === 'string' && provider.code ? provider.code : null);
  const message = typeof provider?.message === 'string' && provider.message ? provider.message : null;
  return new ApiRequestError(message ?? `HTTP ${response.status}`, {
    code: null,
    status: response.status,
    providerCode,
  });
}

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  init?: Omit<RequestInit, 'signal'>;
}

/**
 * Sends a request to our API and answers the successful response, unread (a stream is read as it arrives);
 * throws `ApiRequestError` on a network failure or a non-2xx answer.
 */
export async function apiResponse(path: string, options: RequestOptions & { accept?: string } = {}) {
  const { params, signal, init, accept = 'application/json' } = options;
  let response: Response;
  try {
    response = await fetch(withQuery(path, params), {
      credentials: 'same-origin',
      ...init,
      headers: { accept, ...init?.headers },
      signal,
    });
  } catch (error) {
    // An abort is the caller's own decision (TanStack Query cancelling), not a network problem.
    if (signal?.aborted) throw error;
    throw new ApiRequestError('Network error', { code: null, status: null, cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** Fetches JSON from our API; throws `ApiRequestError` on a network failure or a non-2xx answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new ApiRequestError('Invalid JSON in response', {
      code: null,
      status: response.status,
      cause: error,
    });
  }
}

/** POST with a JSON body (our API and better-auth both take `content-type: application/json`). */
export function postJson<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, {
    signal,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  });
}

/** GET shorthand. */
export function getJson<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { params, signal });
}

/** True when retrying cannot help: the server understood the request and said no. */
export function isClientError(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && error.status !== null && error.status >= 400 && error.status < 500
  );
}

export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiRequestError && error.code === code;
}
