import type { FastifyInstance, FastifyReply } from 'fastify';
import Negotiator from 'negotiator';
import { z } from 'zod';
import { LANGUAGES, isLanguage, textDirection, type Language } from '../../../shared/i18n/languages.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { LinkPreviewService, SharePageMeta } from './link-preview.service.ts';

const cardParams = z.object({ cardId: z.string() });
const cardImageParams = z.object({ cardId: z.string(), file: z.string().regex(/^[\w-]{16}\.jpg$/) });
const genericImageParams = z.object({ file: z.string().regex(/^(en|ar|ru)\.jpg$/) });

const OG_LOCALES: Record<Language, string> = { en: 'en_US', ar: 'ar_AR', ru: 'ru_RU' };

/** The tags a messenger's crawler reads (Open Graph, Twitter), and the cover's preload. */
function headTags(meta: SharePageMeta, pageUrl: string, size: { width: number; height: number }): string {
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${escapeHtml(String(content))}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(meta.title)} · Winc</title>`,
    named('description', meta.description),
    named('robots', 'noindex, nofollow'),
    property('og:type', 'website'),
    property('og:site_name', 'Winc'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', pageUrl),
    property('og:locale', OG_LOCALES[meta.language]),
    property('og:image', meta.imageUrl),
    property('og:image:type', 'image/jpeg'),
    property('og:image:width', size.width),
    property('og:image:height', size.height),
    property('og:image:alt', meta.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.imageUrl),
    ...(meta.coverUrl
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.coverUrl)}" fetchpriority="high" />`]
      : []),
  ].join('\n    ');
}

/** The built app's page with the card's tags in place of the generic ones; a bare page when not built. */
function sharePage(indexHtml: string | null, meta: SharePageMeta, pageUrl: string, tags: string): string {
  const html = `lang="${meta.language}" dir="${textDirection(meta.language)}"`;
  if (indexHtml === null) {
    return `<!doctype html>\n<html ${html}>\n  <head>\n    <meta charset="UTF-8" />\n    ${tags}\n  </head>\n  <body><a href="${escapeHtml(pageUrl)}">${escapeHtml(meta.title)}</a></body>\n</html>\n`;
  }
  return indexHtml
    .replace(/<html[^>]*>/, `<html ${html}>`)
    .replace(/<meta\s+name="description"[^>]*>/s, '')
    .replace(/<title>[^<]*<\/title>/, tags);
}

const sendImage = (reply: FastifyReply, image: Buffer, cacheControl: string) =>
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
  app: FastifyInstance,
  deps: { previews: LinkPreviewService; indexHtml: () => Promise<string | null>; origin: string },
): void {
  const { previews, indexHtml, origin } = deps;

  app.get('/c/:cardId', async (request, reply) => {
    const { cardId } = parseInput(cardParams, request.params);
    const asked = new Negotiator(request).language([...LANGUAGES]);
    const meta = await previews.pageMeta(cardId, isLanguage(asked) ? asked : undefined);
    const pageUrl = `${origin}/c/${encodeURIComponent(cardId)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .send(sharePage(await indexHtml(), meta, pageUrl, headTags(meta, pageUrl, previews.size)));
  });

  // Named by what they show: a changed card gets a new name, so an image may be cached for good.
  app.get('/media/previews/cards/:cardId/:file', { compress: false }, async (request, reply) => {
    const { cardId, file } = parseInput(cardImageParams, request.params);
    const image = await previews.cardImage(cardId, file.slice(0, -'.jpg'.length));
    return sendImage(reply, image, 'public, max-age=31536000, immutable');
  });

  app.get('/media/previews/generic/:file', { compress: false }, async (request, reply) => {
    const { file } = parseInput(genericImageParams, request.params);
    const image = await previews.genericImage(file.slice(0, 2) as Language);
    return sendImage(reply, image, 'public, max-age=86400');
  });
}
