/**
 * The SPEC §8 storage error codes the upload client reports, plus `invalid-format` and `file-too-large` (the
 * server refused the file itself). SPEC's other storage codes name failures of a hosted storage service that
 * our server never answers, so they have no message either. The UI shows SPEC's message for each code.
 */
export const UPLOAD_ERROR_CODES = [
  'unauthorized',
  'unauthenticated',
  'canceled',
  'unknown',
  'invalid-format',
  'file-too-large',
  'server-file-wrong-size',
  'retry-limit-exceeded',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** SPEC §8: these fail at once; every other error is retried. */
const NOT_RETRYABLE = new Set<UploadErrorCode>([
  'unauthorized',
  'canceled',
  'invalid-format',
  'file-too-large',
]);

export class UploadError extends Error {
  override name = 'UploadError';

  constructor(
    readonly code: UploadErrorCode,
    message: string,
    /** For `retry-limit-exceeded`: how many attempts were made and the last failure. */
    readonly attempts?: number,
    readonly lastError?: UploadError,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return !NOT_RETRYABLE.has(this.code);
  }
}

/**
 * The storage error for an HTTP answer of our media routes: a card that is not (or no longer) the caller's is
 * "unauthorized" (the server answers not-found for both on purpose), a refused file is invalid-format or
 * file-too-large; rate limits and server errors are worth another attempt.
 */
export function uploadErrorFromStatus(status: number, message: string): UploadError {
  if (status === 401) return new UploadError('unauthenticated', message);
  if (status === 403 || status === 404) return new UploadError('unauthorized', message);
  if (status === 413) return new UploadError('file-too-large', message);
  if (status === 415) return new UploadError('invalid-format', message);
  if (status === 409) return new UploadError('server-file-wrong-size', message);
  return new UploadError('unknown', message);
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}
