import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, isLanguage, textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { openGraphTags, SITE_PREVIEW_ROUTE } from '../../platform/http/open-graph.ts';
import { chosenLanguage, type PageDocuments } from '../../platform/http/page-document.ts';
import type { PageData } from '../../../shared/pages/page-data.contract.ts';
import type { LinkPreviewService, SharePageMeta } from './link-preview.service.ts';
import { cardsApi, linkPreviewApi } from '../../../shared/api-paths.ts';

const cardParams = z.object({ cardId: z.string() });
const cardImageParams = z.object({ cardId: z.string(), file: z.string().regex(/^[\w-]{16}\.jpg$/) });
const languageImageParams = z.object({ file: z.string().regex(/^(en|ar|ru)\.jpg$/) });

/** The tags a messenger's crawler reads (Open Graph, Twitter), and the cover's preload. */
function headTags(meta: SharePageMeta, pageUrl: string): string[] {
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)} · Winc</title>`,
    named('description', meta.description),
    named('robots', 'noindex, nofollow'),
    ...openGraphTags(meta, pageUrl),
    ...(meta.coverUrl
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.coverUrl)}" fetchpriority="high" />`]
      : []),
  ];
}

/** The language of a page about no shared card: the one chosen in the app, else the browser's. */
export function askedLanguage(request: FastifyRequest): Language | undefined {
  const asked = new Negotiator(request).language([...LANGUAGES]);
  return chosenLanguage(request) ?? (isLanguage(asked) ? asked : undefined);
}

/**
 * The built app's recipient page with the link's tags in place of the generic ones and its answer (`answerPath`)
 * requested with the page (the browser asks for it as the app would a moment later; crawlers load no
 * subresources, so what the asking counts is never a crawler's); a bare page when the app is not built.
 */
export async function sharePage(
  pages: PageDocuments,
  parts: { meta: SharePageMeta; pageUrl: string; answerPath: string; data?: PageData },
): Promise<string> {
  const { meta, pageUrl } = parts;
  const tags = headTags(meta, pageUrl);
  const htmlAttributes = `lang="${meta.language}" dir="${textDirection(meta.language)}"`;
  const answer = `<link rel="preload" as="fetch" href="${escapeHtml(parts.answerPath)}" crossorigin="anonymous" />`;
  const page = await pages.render({
    page: 'recipient',
    url: new URL(pageUrl).pathname,
    language: meta.language,
    head: [...tags, answer],
    replaceTitle: true,
    data: parts.data,
  });
  return (
    page ??
    `<!doctype html>\n<html ${htmlAttributes}>\n  <head>\n    <meta charset="UTF-8" />\n    ${tags.join('\n    ')}\n  </head>\n  <body><a href="${escapeHtml(pageUrl)}">${escapeHtml(meta.title)}</a></body>\n</html>\n`
  );
}

/**
 * A share page: asked again on every visit (the card may have changed), never indexed; with the status of
 * what the link leads to (the page is served for 404 and 410 too, so that people read why).
 */
export const sendPage = (reply: FastifyReply, html: string, status = 200) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .send(html);

/** A preview image, with how long it may be cached. */
export const sendImage = (reply: FastifyReply, image: Buffer, cacheControl: string) =>
  reply
    .type('image/jpeg')
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', String(image.length))
    .send(image);

/**
 * The share link's page and its preview images (DESIGN §1.19): `/c/{cardId}` answered with the app's HTML
 * already carrying the card's Open Graph and Twitter tags (crawlers run no script), the preview images
 * beside it. Opening the page counts nothing: views are counted when the app asks for the card.
 */
export function registerSharePageRoutes(
  fastify: FastifyInstance,
  deps: { previews: LinkPreviewService; pages: PageDocuments; origin: string },
): void {
  const { previews, pages, origin } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(linkPreviewApi.page.route, { schema: { params: cardParams } }, async (request, reply) => {
    const { cardId } = request.params;
    // A card that is not shared speaks the visitor's language.
    const { meta, status } = await previews.page(cardId, askedLanguage(request));
    const page = await sharePage(pages, {
      meta,
      pageUrl: `${origin}${linkPreviewApi.page(cardId)}`,
      answerPath: cardsApi.publicCard(cardId),
      data: meta.coverUrl ? { sharedCard: { id: cardId, coverUrl: meta.coverUrl } } : undefined,
    });
    return sendPage(reply, page, status);
  });

  // Named by what they show: a changed card gets a new name, so an image may be cached for good.
  const cardImage = { compress: false as const, schema: { params: cardImageParams } };
  app.get(linkPreviewApi.card.route, cardImage, async (request, reply) => {
    const { cardId, file } = request.params;
    const image = await previews.cardImage(cardId, file.slice(0, -'.jpg'.length));
    return sendImage(reply, image, 'public, max-age=31536000, immutable');
  });

  const languageImage = { compress: false as const, schema: { params: languageImageParams } };
  app.get(linkPreviewApi.generic.route, languageImage, async (request, reply) => {
    const { file } = request.params;
    const image = await previews.genericImage(file.slice(0, 2) as Language);
    return sendImage(reply, image, 'public, max-age=86400');
  });

  app.get(SITE_PREVIEW_ROUTE, languageImage, async (request, reply) => {
    const { file } = request.params;
    const image = await previews.siteImage(file.slice(0, 2) as Language);
    return sendImage(reply, image, 'public, max-age=86400');
  });
}
