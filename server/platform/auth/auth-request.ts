import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The header through which our bridge tells better-auth the client's address: Fastify's request.ip, which
 * honours X-Forwarded-For only when TRUST_PROXY says so. A value sent by the client is always replaced.
 */
export const CLIENT_IP_HEADER = 'x-winc-client-ip';

const HOP_BY_HOP = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
]);

/** The request's headers as Fetch Headers, with our client-IP header set from request.ip. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The Fastify request as a Fetch Request addressed to the origin it came to, with its raw body. */
export function toFetchRequest(request: FastifyRequest, rawBody: Buffer | undefined): Request {
  const url = `${request.protocol}://${request.host}${request.url}`;
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && rawBody !== undefined && rawBody.length > 0;
  return new Request(url, {
    method: request.method,
    headers: toFetchHeaders(request),
    ...(hasBody ? { body: new Uint8Array(rawBody) } : {}),
  });
}

/** Copies a Fetch Response's status and headers (every Set-Cookie) onto the reply; returns its body. */
export async function copyFetchResponse(response: Response, reply: FastifyReply): Promise<Buffer> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  appendSetCookies(reply, response.headers.getSetCookie());
  return Buffer.from(await response.arrayBuffer());
}

/** Adds Set-Cookie values to a reply without dropping those already there. */
export function appendSetCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length === 0) return;
  const existing = reply.getHeader('set-cookie');
  const current =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...current, ...cookies]);
}
