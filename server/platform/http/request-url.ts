/**
 * The longest path parameter the router accepts. Fastify's default (100 characters) answers a longer one
 * with its own 414 before any route runs, so an over-long card id would answer differently from an unknown
 * card. Routes check their ids themselves (card-access.ts) and no route has a regular-expression parameter,
 * which is what the default limit protects; Node's 16 KB header limit bounds the request line anyway.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request URL with every path segment that cannot be percent-decoded (a stray `%`, a broken UTF-8
 * escape) escaped once more, so the router hands that segment's literal text to the route as its parameter:
 * `/api/cards/%E0%A4%A` then answers like any unknown card instead of with Fastify's own 400. Segments that
 * decode, and the query, are left as they are.
 */
export function escapeUndecodablePath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const escaped = path
    .split('/')
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll('%', '%25')))
    .join('/');
  return queryAt === -1 ? escaped : `${escaped}${url.slice(queryAt)}`;
}
