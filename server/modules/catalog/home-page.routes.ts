import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import type { PageDocuments } from '../../platform/http/page-document.ts';
import type { CatalogService } from './catalog.service.ts';

/** The first row's thumbnails a phone shows without scrolling (168 px cards on a 360–430 px screen). */
const PRELOADED_THUMBNAILS = 3;

/**
 * `/`: the app's page carrying the home answer and preloading the first thumbnails, so a visitor's first
 * screen needs no request after the script and its pictures start loading with the page.
 */
export function registerHomePageRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; pages: PageDocuments },
): void {
  const { catalog, pages } = deps;

  app.get('/', async (_request, reply) => {
    const home = await catalog.getHome();
    const firstRow = home.sections.find((section) => section.templates.length > 0)?.templates ?? [];
    const head = firstRow
      .slice(0, PRELOADED_THUMBNAILS)
      .map(
        (template) =>
          `<link rel="preload" as="image" href="${escapeHtml(template.thumbnailUrl)}" fetchpriority="high" />`,
      );
    const html = await pages.render({ page: 'home', head, data: { home } });
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
