import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { templateListQuerySchema } from '../../../shared/catalog/catalog.contract.ts';
import { normalizeTemplateFilters, type TemplateFilters } from '../../../shared/catalog/catalog.rules.ts';
import type { PageData } from '../../../shared/pages/page-data.contract.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { visitorLanguage, type PageDocuments, type WebPage } from '../../platform/http/page-document.ts';
import type { CatalogAnswers } from './catalog-answers.cache.ts';

const pageParams = z.object({ name: z.string().trim().min(1).max(200) });
const filterQuery = z.object({
  style: z.string().optional(),
  category: z.string().optional(),
  q: z.string().optional(),
});

/**
 * The catalog's pages, rendered by the server with the data of their first screen in them (which also
 * preloads its first pictures), so a visitor sees them before the script runs and the script asks nothing
 * more: `/` with the home answer; `/category/{name}` and `/style/{name}` with their heading answer and the
 * first page of their grid for the URL's filters. The answers are the API's, made once per catalog change.
 * An answer that fails (an unknown name) is left out: the page then asks for it and shows what the API says.
 */
export function registerCatalogPageRoutes(
  app: FastifyInstance,
  deps: { answers: CatalogAnswers; pages: PageDocuments },
): void {
  const { answers, pages } = deps;

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: WebPage,
    data: PageData,
  ): Promise<FastifyReply> {
    const html = await pages.render({ page, url: request.url, language: visitorLanguage(request), data });
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  /** The grid's first page for these filters, or nothing when they are not a valid list query. */
  async function firstTemplates(filters: TemplateFilters): Promise<PageData['templates']> {
    const normalized = normalizeTemplateFilters(filters);
    const query = templateListQuerySchema.safeParse({ ...normalized, page: 1 });
    if (!query.success) return undefined;
    const firstPage = await answers.templates(query.data).then(
      (answer) => answer.value,
      () => undefined,
    );
    return firstPage && { filters: normalized, firstPage };
  }

  app.get('/', async (request, reply) =>
    send(request, reply, 'home', { home: (await answers.home()).value }),
  );

  app.get('/category/:name', async (request, reply) => {
    const params = pageParams.safeParse(request.params);
    const filters = filterQuery.safeParse(request.query);
    if (!params.success || !filters.success) return send(request, reply, 'category', {});
    const { name } = params.data;
    const [answer, templates] = await Promise.all([
      answers.categoryPage(name).then(
        (made) => made.value,
        () => undefined,
      ),
      firstTemplates({ category: name, style: filters.data.style, q: filters.data.q }),
    ]);
    return send(request, reply, 'category', {
      ...(answer && { categoryPage: { name, answer } }),
      ...(answer && templates && { templates }),
    });
  });

  app.get('/style/:name', async (request, reply) => {
    const params = pageParams.safeParse(request.params);
    const filters = filterQuery.safeParse(request.query);
    if (!params.success || !filters.success) return send(request, reply, 'style', {});
    const { name } = params.data;
    const [answer, templates] = await Promise.all([
      answers.stylePage(name).then(
        (made) => made.value,
        () => undefined,
      ),
      firstTemplates({ style: name, category: filters.data.category, q: filters.data.q }),
    ]);
    return send(request, reply, 'style', {
      ...(answer && { stylePage: { name, answer } }),
      ...(answer && templates && { templates }),
    });
  });
}
