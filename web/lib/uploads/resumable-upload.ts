import { UPLOAD_RULES } from '../../../shared/cards/card-media.ts';
import { defaultTransport, type Transport, type TransportResponse } from './http-transport.ts';
import { isAbort, UploadError, uploadErrorFromStatus } from './upload-error.ts';
import { browserResumeStore, type ResumeStore } from './resume-store.ts';
import { GrowingFile } from './growing-file.ts';

/** What every upload takes besides its file and where it goes: progress, retries, cancelling, transport. */
export interface UploadControls {
  signal?: AbortSignal;
  /** Bytes the server has (or is receiving) out of the total. */
  onProgress?: (sent: number, total: number) => void;
  /** Called before each new attempt after a retryable failure (attempt 2, 3…). */
  onRetry?: (attempt: number, error: UploadError) => void;
  /** Remembers a resumable upload's address so a reload resumes it. */
  resumeStore?: ResumeStore;
  /** Prefix of the API paths ('' in the app, the server's origin elsewhere). */
  baseUrl?: string;
  /** Extra request headers (outside a browser: the cookie and origin a browser would send). */
  headers?: Record<string, string>;
  transport?: Transport;
  /** How to wait between attempts; tests may shorten nothing, it is here for the progress UI's countdown. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ResumableUploadOptions<T> extends UploadControls {
  /**
   * The file, or one still being produced: its bytes are sent as they come and its length is declared with
   * the last PATCH (tus creation-defer-length), so the upload ends right after the producer does.
   */
  file: Blob | GrowingFile;
  /** The tus endpoint (without the base URL). */
  tusPath: string;
  /** The `Upload-Metadata` of the creation request, as plain text (base64-encoded here). */
  metadata: Record<string, string>;
  /** The key the upload's address is remembered under: the same file for the same target. */
  fingerprint: string;
  /** The upload in one request instead (small files), or null for tus. */
  simple: { method: 'PUT' | 'POST'; path: string } | null;
  /** What the server's answer to the last byte means. */
  parse: (response: TransportResponse) => T;
  /** What is known when everything arrived but its answer was lost. */
  afterLostAnswer: (send: (request: Parameters<Transport>[0]) => Promise<TransportResponse>) => Promise<T>;
}

const TUS_VERSION = '1.0.0';

function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** SPEC §9 back-off: 1 s before the second attempt, doubling, at most 10 s. */
export function backoffBefore(attempt: number): number {
  return Math.min(UPLOAD_RULES.firstBackoffMs * 2 ** (attempt - 2), UPLOAD_RULES.maxBackoffMs);
}

export function messageOf(response: TransportResponse): string {
  try {
    const body = JSON.parse(response.text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // tus answers some errors in plain text.
  }
  return response.text.trim() || `HTTP ${response.status}`;
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * Uploads one file and answers what the server made of it (SPEC §4 upload task states, §8 storage errors, §9
 * uploads). Small files go in one request; larger ones with tus, in chunks that start at 256 KB and double up
 * to 16 MB (back to 256 KB after an error). A failure is retried up to 3 attempts in a row with 1 s, 2 s…
 * back-off (at most 10 s), resuming from the offset the server reports, so bytes the server has are never sent
 * again; SPEC's non-retryable errors fail at once; after the last attempt the error is `retry-limit-exceeded`
 * carrying the attempts and the last failure. Cancelling (the signal) ends the upload on the server too and
 * fails with `canceled`. A file still being produced (GrowingFile) is sent as its bytes come, in chunks of at
 * least 256 KB while it grows; if its producer fails, the upload ends on the server and fails with that error.
 */
export async function uploadResumable<T>(options: ResumableUploadOptions<T>): Promise<T> {
  const {
    file,
    signal,
    onProgress,
    onRetry,
    fingerprint,
    simple,
    parse,
    baseUrl = '',
    headers = {},
    transport = defaultTransport,
    resumeStore = browserResumeStore(),
    sleep = waitFor,
  } = options;
  const growing = file instanceof GrowingFile ? file : null;
  /** The length, once known. */
  const length = () => (growing ? (growing.done ? growing.size : null) : (file as Blob).size);
  /** What progress is measured against: the bytes produced so far while the file grows. */
  const total = () => length() ?? growing?.size ?? 0;
  const bytes = (start: number, end: number) =>
    growing ? growing.slice(start, end) : (file as Blob).slice(start, end);
  let uploadUrl: string | null = simple ? null : resumeStore.get(fingerprint);
  // Whether the server knows the length (announced at creation or with an earlier PATCH).
  let lengthDeclared = false;
  let chunkSize: number = UPLOAD_RULES.firstChunkBytes;
  let failures = 0;

  const send = (request: Parameters<Transport>[0]) =>
    transport({ ...request, headers: { ...headers, ...request.headers }, ...(signal ? { signal } : {}) });
  const tusHeaders = { 'Tus-Resumable': TUS_VERSION };

  /** One attempt; answers once the file is on the server. */
  const attempt = async (): Promise<T> => {
    if (simple) {
      const response = await send({
        method: simple.method,
        url: `${baseUrl}${simple.path}`,
        headers: { 'Content-Type': 'application/octet-stream' },
        body: bytes(0, total()),
        onUploadProgress: (sent) => onProgress?.(sent, total()),
      });
      if (response.status !== 200) throw uploadErrorFromStatus(response.status, messageOf(response));
      return parse(response);
    }

    let offset = 0;
    if (uploadUrl) {
      const head = await send({ method: 'HEAD', url: uploadUrl, headers: tusHeaders });
      if (head.status === 404 || head.status === 410) {
        // Expired or never finished creating: start a new one, which is not a failure.
        resumeStore.remove(fingerprint);
        uploadUrl = null;
      } else if (head.status !== 200) {
        throw uploadErrorFromStatus(head.status, messageOf(head));
      } else {
        offset = Number(head.header('Upload-Offset') ?? '0');
        lengthDeclared = head.header('Upload-Defer-Length') !== '1';
        // Everything arrived and the server kept it; only the answer was lost.
        if (lengthDeclared && offset === length()) return options.afterLostAnswer(send);
      }
    }
    if (!uploadUrl) {
      const metadata = Object.entries(options.metadata)
        .map(([key, value]) => `${key} ${base64(value)}`)
        .join(',');
      const created = await send({
        method: 'POST',
        url: `${baseUrl}${options.tusPath}`,
        headers: {
          ...tusHeaders,
          ...(length() === null ? { 'Upload-Defer-Length': '1' } : { 'Upload-Length': String(length()) }),
          'Upload-Metadata': metadata,
        },
      });
      const location = created.header('Location');
      if (created.status !== 201 || !location)
        throw uploadErrorFromStatus(created.status, messageOf(created));
      uploadUrl = location.startsWith('/') ? `${baseUrl}${location}` : location;
      resumeStore.set(fingerprint, uploadUrl);
      lengthDeclared = length() !== null;
      offset = 0;
    }
    onProgress?.(offset, total());

    for (;;) {
      // A growing file waits for a chunk's worth (or its end): a PATCH per encoded fragment would be wasteful.
      await growing?.whenAvailable(offset + UPLOAD_RULES.firstChunkBytes, signal);
      const available = growing ? growing.size : total();
      const end = Math.min(offset + chunkSize, available);
      const final = length();
      // The length goes with the PATCH that carries the last byte (an empty one if that was already sent).
      const declare = !lengthDeclared && final !== null && end === final;
      const chunk = bytes(offset, end);
      const from = offset;
      const response = await send({
        method: 'PATCH',
        url: uploadUrl,
        headers: {
          ...tusHeaders,
          'Upload-Offset': String(offset),
          ...(declare ? { 'Upload-Length': String(final) } : {}),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: chunk,
        onUploadProgress: (sent) => onProgress?.(from + sent, total()),
      });
      // The last chunk's answer carries what the server made of the file.
      if (response.status === 200) return parse(response);
      if (response.status !== 204) throw uploadErrorFromStatus(response.status, messageOf(response));
      if (declare) lengthDeclared = true;
      offset = Number(response.header('Upload-Offset') ?? offset + chunk.size);
      if (lengthDeclared && offset >= total()) return options.afterLostAnswer(send);
      failures = 0;
      chunkSize = Math.min(chunkSize * 2, UPLOAD_RULES.maxChunkBytes);
    }
  };

  for (;;) {
    try {
      const result = await attempt();
      resumeStore.remove(fingerprint);
      onProgress?.(total(), total());
      return result;
    } catch (caught) {
      // Best effort: the server drops the partial bytes now instead of after a day.
      const dropUpload = async () => {
        resumeStore.remove(fingerprint);
        if (!uploadUrl) return;
        await transport({ method: 'DELETE', url: uploadUrl, headers: { ...headers, ...tusHeaders } }).catch(
          () => undefined,
        );
      };
      if (isAbort(caught) || signal?.aborted) {
        await dropUpload();
        throw new UploadError('canceled', 'Upload was cancelled.');
      }
      // The file will never be whole: the caller decides what to send instead.
      if (growing?.failed) {
        await dropUpload();
        throw caught;
      }
      const error =
        caught instanceof UploadError ? caught : new UploadError('unknown', (caught as Error).message ?? '');
      if (!error.retryable) {
        resumeStore.remove(fingerprint);
        throw error;
      }
      failures += 1;
      chunkSize = UPLOAD_RULES.firstChunkBytes;
      if (failures >= UPLOAD_RULES.attempts) {
        throw new UploadError(
          'retry-limit-exceeded',
          `Upload failed after ${failures} attempts: ${error.message}`,
          failures,
          error,
        );
      }
      onRetry?.(failures + 1, error);
      try {
        await sleep(backoffBefore(failures + 1), signal);
      } catch {
        throw new UploadError('canceled', 'Upload was cancelled.');
      }
    }
  }
}
