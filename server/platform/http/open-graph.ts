import type { Language } from '../../../shared/i18n/languages.ts';
import { LINK_PREVIEW_SIZE } from '../media/link-preview-size.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * The app's own preview image (its home page's), per language: `{language}.jpg`. Named here, not among the
 * shared API paths, because only the server's pages name it (the browser's first load carries those paths).
 */
export const SITE_PREVIEW_ROUTE = '/media/previews/site/:file';
export const sitePreviewPath = (language: Language) => `/media/previews/site/${language}.jpg`;

const OG_LOCALES: Record<Language, string> = { en: 'en_US', ar: 'ar_AR', ru: 'ru_RU' };

/** What a page says to a messenger's or a network's crawler, in the page's language. */
export interface OpenGraphMeta {
  language: Language;
  title: string;
  description: string;
  /** Absolute: crawlers do not resolve relative URLs reliably. A JPEG of LINK_PREVIEW_SIZE. */
  imageUrl: string;
  imageAlt: string;
}

/**
 * The Open Graph and Twitter tags of a page (crawlers run no script, so they must be in the server's HTML),
 * already escaped; the page's `<title>` and description are the caller's.
 */
export function openGraphTags(meta: OpenGraphMeta, pageUrl: string): string[] {
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${escapeHtml(String(content))}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    property('og:type', 'website'),
    property('og:site_name', 'Winc'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', pageUrl),
    property('og:locale', OG_LOCALES[meta.language]),
    property('og:image', meta.imageUrl),
    property('og:image:type', 'image/jpeg'),
    property('og:image:width', LINK_PREVIEW_SIZE.width),
    property('og:image:height', LINK_PREVIEW_SIZE.height),
    property('og:image:alt', meta.imageAlt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.imageUrl),
  ];
}
