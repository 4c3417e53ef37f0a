import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { visitorLanguage, type PageDocuments } from '../../platform/http/page-document.ts';
import type { CatalogAnswers } from './catalog-answers.cache.ts';

/**
 * `/`: the app's page with the home answer in it, rendered by the server (which preloads the first
 * thumbnails), so a visitor's first screen shows before the script runs and needs no request after it. The
 * home answer is the API's, made once per catalog change.
 */
export function registerHomePageRoutes(
  app: FastifyInstance,
  deps: { answers: CatalogAnswers; pages: PageDocuments },
): void {
  const { answers, pages } = deps;

  app.get('/', async (request, reply) => {
    const html = await pages.render({
      page: 'home',
      url: request.url,
      language: visitorLanguage(request),
      data: { home: (await answers.home()).value },
    });
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
