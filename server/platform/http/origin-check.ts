import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to, as a browser on our own pages would send it. */
function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard: a state-changing API request from a browser must come from our own origin.
 * Browsers send `Origin` on every cross-origin POST (and on same-origin fetches); `Sec-Fetch-Site` catches the
 * rest. Requests with neither (server-to-server clients, webhooks with their own signatures) pass.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { publicOrigin?: string | undefined },
): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== ownOrigin(request, options.publicOrigin)) throw new AppError('forbidden-origin');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden-origin');
  });
}
