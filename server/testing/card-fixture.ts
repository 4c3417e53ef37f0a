import http from 'node:http';
import { TEST_ORIGIN, type TestBrowser } from './accounts-fixture.ts';

/** A complete card for the fixture catalog's 'birthday-01' template: it passes SPEC §5's checks. */
export const cardDraft = {
  templateId: 'birthday-01',
  senderName: 'Sam',
  recipientName: 'Alex',
  message: 'Happy birthday!',
  selectedVoice: 'female',
};

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a real socket to a listening test app, as a browser's (uploads stream the raw body):
 * cookies of `browser`, our Origin, and optionally only the first `sendOnly` bytes of the body before the
 * connection drops (a network cut mid-upload; the answer is then status 0).
 */
export function sendOverSocket(
  port: number,
  browser: TestBrowser | null,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer;
    sendOnly?: number;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          origin: TEST_ORIGIN,
          ...(browser && browser.cookies.size > 0 ? { cookie: browser.cookieHeader() } : {}),
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    if (options.sendOnly !== undefined && options.body) {
      request.on('error', () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
      request.write(options.body.subarray(0, options.sendOnly), () => {
        // Let the bytes reach the server before the cut.
        setTimeout(() => request.destroy(), 300);
      });
      return;
    }
    request.on('error', reject);
    request.end(options.body);
  });
}
