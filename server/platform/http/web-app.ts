import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that belong to the server, never to the browser app's history fallback. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
}

/**
 * The built app's index.html as text, for pages the server fills in before the script runs (a share link's
 * preview tags); null when the app is not built. Read again only when the file changed (a rebuild).
 */
export function createIndexHtmlReader(webDistDir: string): () => Promise<string | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  let cached: { modifiedMs: number; html: string } | null = null;
  return async () => {
    try {
      const stat = await fs.promises.stat(indexFile);
      if (cached?.modifiedMs !== stat.mtimeMs) {
        cached = { modifiedMs: stat.mtimeMs, html: await fs.promises.readFile(indexFile, 'utf8') };
      }
      return cached.html;
    } catch {
      return null;
    }
  };
}

/**
 * Serves the built browser app: hashed assets cached forever, index.html revalidated on every load, and any
 * other GET of a page path answered with index.html so the client router can take it (history fallback).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(pathname);
    if (wantsPage && hasWebApp && !/\/assets\//.test(pathname)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    throw new AppError('not-found');
  });
}
