import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { accountsApi } from '../../../shared/api-paths.ts';
import { AppError } from './app-error.ts';
import { visitorLanguage, webPageOf, type PageDocuments } from './page-document.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The session's answer (`GET /api/me`), asked for as the app asks: same origin, with its cookies. */
const SESSION_PRELOAD = `<link rel="preload" as="fetch" href="${accountsApi.me}" crossorigin="anonymous" />`;

/** Paths that belong to the server, never to the browser app's history fallback. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
}

/**
 * Serves the built browser app: hashed assets cached forever and sent precompressed (brotli or gzip, made at
 * build time), the page revalidated on every load, and any other GET of a page path answered with the page
 * so the client router can take it (history fallback).
 */
export async function registerWebApp(
  app: FastifyInstance,
  deps: { webDistDir: string; pages: PageDocuments; sessionCookieName: string },
): Promise<void> {
  const { webDistDir, pages, sessionCookieName } = deps;
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      // The pages are made by `pages`: the app's routes, not the file.
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDistDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) res.header('Cache-Control', IMMUTABLE);
        else if (relative === 'index.html') res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'the web app is not built; only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    const page = webPageOf(pathname);
    const html =
      wantsPage && !/\/assets\//.test(pathname)
        ? await pages.render({
            page,
            url: request.url,
            language: visitorLanguage(request),
            // A signed-in visitor's app page starts by asking who they are: the browser asks with the page,
            // beside the script, instead of after it (the app's request takes the answer).
            ...(page === 'other' && request.cookies[sessionCookieName] ? { head: [SESSION_PRELOAD] } : {}),
          })
        : null;
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
