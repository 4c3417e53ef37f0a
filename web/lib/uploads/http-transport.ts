import { UploadError } from './upload-error.ts';

export interface TransportRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'HEAD' | 'DELETE' | 'GET';
  url: string;
  headers?: Record<string, string>;
  body?: Blob;
  signal?: AbortSignal;
  /** Bytes of `body` sent so far (browsers only report this for XMLHttpRequest). */
  onUploadProgress?: (sent: number) => void;
}

export interface TransportResponse {
  status: number;
  header(name: string): string | null;
  text: string;
}

const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
/** A request that never got an answer (offline, connection cut): "unknown" and retried. */
const networkFailure = () => new UploadError('unknown', 'Network error. Please check your connection.');

/** One request with XMLHttpRequest, the only browser API that reports upload progress. */
function sendWithXhr(request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    if (request.onUploadProgress) {
      const report = request.onUploadProgress;
      xhr.upload.onprogress = (event) => report(event.loaded);
    }
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(networkFailure());
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.send(request.body ?? null);
  });
}

/** The same request with fetch, where there is no XMLHttpRequest (Node, workers): progress per request. */
async function sendWithFetch(request: TransportRequest): Promise<TransportResponse> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      credentials: 'same-origin',
      ...(request.body ? { body: request.body } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    if (request.signal?.aborted) throw aborted();
    throw Object.assign(networkFailure(), { cause: error });
  }
  let text: string;
  try {
    text = request.method === 'HEAD' ? '' : await response.text();
  } catch (error) {
    if (request.signal?.aborted) throw aborted();
    throw Object.assign(networkFailure(), { cause: error });
  }
  if (request.body) request.onUploadProgress?.(request.body.size);
  return { status: response.status, header: (name) => response.headers.get(name), text };
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** XMLHttpRequest in browsers (for progress within a chunk), fetch elsewhere. */
export const defaultTransport: Transport = (request) =>
  typeof XMLHttpRequest === 'undefined' ? sendWithFetch(request) : sendWithXhr(request);
