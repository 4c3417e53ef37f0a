import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (DESIGN §3: third-party services are exercised against local servers): it
 * accepts every mail on a random port and keeps it, parsed just enough to assert on (headers, text, HTML).
 * Point the app at it with `SMTP_URL: sink.url`.
 */

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Decoded headers, lower-case names. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  /** Its `text/calendar` parts (an invitation's REQUEST or CANCEL), decoded, with the METHOD of their type. */
  calendars: { method: string | null; content: string }[];
  /** Its image parts: type, Content-ID (without <>), disposition and decoded bytes. */
  images: { contentType: string; contentId: string | null; disposition: string | null; bytes: Buffer }[];
  /** The message as it arrived. */
  raw: string;
  /** The AUTH user name the client logged in with, if any. */
  user: string | null;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first received mail that matches (already received or arriving within the timeout). */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startSmtpSink(
  options: {
    user?: string;
    password?: string;
    /** Addresses the server refuses for good (SMTP 550), as a mailbox that does not exist. */
    refuses?: (address: string) => boolean;
    /**
     * The server's answer to a recipient, asked each time one is given: a refusal (`{code: 451, message}`
     * for "try again later", 5xx for good), or null to take it.
     */
    answers?: (address: string) => { code: number; message: string } | null;
  } = {},
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // No TLS in tests: a client offered STARTTLS would upgrade and then reject the self-signed certificate.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok =
        options.user === undefined || (auth.username === options.user && auth.password === options.password);
      if (!ok) return callback(new Error('Invalid username or password'));
      return callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) {
        const refusal = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        return callback(refusal);
      }
      const answer = options.answers?.(address.address);
      if (answer) return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          ...parseMessage(raw),
          raw,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@`
    : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- A minimal MIME reader: enough for the mails nodemailer writes (multipart, base64 / quoted-printable). ----

function decodeQuotedPrintable(text: string, underscoreIsSpace = false): Buffer {
  const source = (underscoreIsSpace ? text.replace(/_/g, ' ') : text).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`), adjacent ones joined without the whitespace between them. */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        (encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text, true)
        ).toString('utf8'),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeaderValue(line.slice(colon + 1).trim()));
  }
  return headers;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

interface CollectedParts {
  text: string;
  html: string;
  calendars: ReceivedMail['calendars'];
  images: ReceivedMail['images'];
}

function collectParts(raw: string, out: CollectedParts): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (type.toLowerCase().startsWith('image/')) {
    out.images.push({
      contentType: type.split(';')[0]!.trim().toLowerCase(),
      contentId: headers.get('content-id')?.replace(/^<|>$/g, '') ?? null,
      disposition: headers.get('content-disposition')?.split(';')[0]?.trim().toLowerCase() ?? null,
      bytes: encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body),
    });
    return;
  }
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body).toString('utf8')
        : body;
  if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
  else if (type.toLowerCase().startsWith('text/calendar'))
    out.calendars.push({
      method: /method=([\w-]+)/i.exec(type)?.[1]?.toUpperCase() ?? null,
      content: decoded,
    });
}

function parseMessage(
  raw: string,
): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html' | 'calendars' | 'images'> {
  const { headers } = splitEntity(raw);
  const out: CollectedParts = { text: '', html: '', calendars: [], images: [] };
  collectParts(raw, out);
  return { headers, subject: headers.get('subject') ?? '', ...out };
}
