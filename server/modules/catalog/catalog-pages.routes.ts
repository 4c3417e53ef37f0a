import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { templateListQuerySchema } from '../../../shared/catalog/catalog.contract.ts';
import {
  homeForFirstScreen,
  normalizeTemplateFilters,
  type TemplateFilters,
} from '../../../shared/catalog/catalog.rules.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { PageData } from '../../../shared/pages/page-data.contract.ts';
import { textSchema } from '../../../shared/text/names.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { openGraphTags, sitePreviewPath } from '../../platform/http/open-graph.ts';
import { translatorFor } from '../../platform/i18n/translator.ts';
import type { WebPage } from '../../../shared/pages/page-code.ts';
import { visitorLanguage, type PageDocuments } from '../../platform/http/page-document.ts';
import type { CatalogAnswers } from './catalog-answers.cache.ts';

const pageParams = z.object({ name: textSchema({ max: 200 }).min(1) });
const filterText = textSchema({ max: 200 }).optional();
const filterQuery = z.object({ style: filterText, category: filterText, q: filterText });
const homeQuery = z.object({ event: filterText, q: filterText });

/** An answer's value, or nothing when it could not be made: the page goes without it. */
function valueOrNothing<T>(answer: Promise<{ value: T }>): Promise<T | undefined> {
  return answer.then(
    (made) => made.value,
    () => undefined,
  );
}

/**
 * Home's tags for a link to it pasted in a chat or a post: what Winc is, in home's own words and the page's
 * language, with the app's preview image (drawn by the link previews, DESIGN §1.19). The tab's title stays
 * "Winc", as the app sets it on home.
 */
function homeHead(language: Language, origin: string): string[] {
  const t = translatorFor(language);
  const description = t('home.heroSubtitle');
  return [
    '<title>Winc</title>',
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...openGraphTags(
      {
        language,
        title: t('home.heroTitle'),
        description,
        imageUrl: `${origin}${sitePreviewPath(language)}`,
        imageAlt: t('home.heroTitle'),
      },
      `${origin}/`,
    ),
  ];
}

/**
 * The catalog's pages, rendered by the server with the data of their first screen in them (which also
 * preloads its first pictures), so a visitor sees them before the script runs and the script asks nothing
 * more for its first screen: `/` with the home answer (its first rows' cards, `homeForFirstScreen`), and for a search or an occasion
 * the first page of their grid;
 * `/category/{name}` and `/style/{name}` with their heading answer and the first page of their grid for the
 * URL's filters; each with the catalog's lists (the style links). The
 * answers are the API's, made once per catalog change. An answer that fails (an unknown name) is left out: the
 * page then asks for it and shows what the API says.
 */
export function registerCatalogPageRoutes(
  app: FastifyInstance,
  deps: { answers: CatalogAnswers; pages: PageDocuments; origin: string },
): void {
  const { answers, pages, origin } = deps;

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: WebPage,
    data: PageData,
  ): Promise<FastifyReply> {
    const lists = await valueOrNothing(answers.lists());
    const language = visitorLanguage(request);
    const html = await pages.render({
      page,
      url: request.url,
      language,
      data: { ...data, lists },
      ...(page === 'home' ? { head: homeHead(language, origin), replaceTitle: true } : {}),
    });
    if (html === null) throw new AppError('not-found');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  /** The grid's first page for these filters, or nothing when they are not a valid list query. */
  async function firstTemplates(filters: TemplateFilters): Promise<PageData['templates']> {
    const normalized = normalizeTemplateFilters(filters);
    const query = templateListQuerySchema.safeParse({ ...normalized, page: 1 });
    if (!query.success) return undefined;
    const firstPage = await valueOrNothing(answers.templates(query.data));
    return firstPage && { filters: normalized, firstPage };
  }

  /**
   * Home, and with `?q=` or `?event=` a search or an occasion: then the grid's first page for them too, so
   * its results are in the page as a category's are.
   */
  app.get('/', async (request, reply) => {
    const query = homeQuery.safeParse(request.query);
    const filters = query.success ? normalizeTemplateFilters(query.data) : {};
    const [home, templates] = await Promise.all([
      answers.home(),
      filters.q || filters.event ? firstTemplates(filters) : undefined,
    ]);
    return send(request, reply, 'home', { home: homeForFirstScreen(home.value), templates });
  });

  /**
   * A category or style page: its heading answer (left out when the name is unknown) and its grid's first
   * page for the URL's filters, fetched together.
   */
  function registerListingPage<Answer>(
    page: 'category' | 'style',
    answerOf: (name: string) => Promise<{ value: Answer }>,
    filtersOf: (name: string, query: z.infer<typeof filterQuery>) => TemplateFilters,
    dataOf: (name: string, answer: Answer) => PageData,
  ): void {
    app.get(`/${page}/:name`, async (request, reply) => {
      const params = pageParams.safeParse(request.params);
      const query = filterQuery.safeParse(request.query);
      if (!params.success || !query.success) return send(request, reply, page, {});
      const { name } = params.data;
      const [answer, templates] = await Promise.all([
        valueOrNothing(answerOf(name)),
        firstTemplates(filtersOf(name, query.data)),
      ]);
      return send(request, reply, page, answer === undefined ? {} : { ...dataOf(name, answer), templates });
    });
  }

  registerListingPage(
    'category',
    (name) => answers.categoryPage(name),
    (name, query) => ({ category: name, style: query.style, q: query.q }),
    (name, answer) => ({ categoryPage: { name, answer } }),
  );
  registerListingPage(
    'style',
    (name) => answers.stylePage(name),
    (name, query) => ({ style: name, category: query.category, q: query.q }),
    (name, answer) => ({ stylePage: { name, answer } }),
  );
}
