import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  textDirection,
  type Language,
} from '../../../shared/i18n/languages.ts';
import {
  PAGE_CODE,
  renderedAppPageOf,
  type PageCode,
  type RenderedAppPage,
  type SessionAppPage,
  type WebPage,
} from '../../../shared/pages/page-code.ts';
import {
  PAGE_DATA_ELEMENT_ID,
  PAGE_MODULES_ELEMENT_ID,
  type PageData,
} from '../../../shared/pages/page-data.contract.ts';

/**
 * The pages the server renders: those a newcomer lands on, and the app pages that need no session to show
 * their first screen (`RENDERED_APP_PAGES`). The others are drawn by the script.
 */
const RENDERED_PAGES: ReadonlySet<WebPage> = new Set(['home', 'category', 'style', 'recipient']);

/** The language the visitor chose in the app (it tells the server in a cookie), if any. */
export function chosenLanguage(request: FastifyRequest): Language | null {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : null;
}

/** The language the visitor's pages are in: the one chosen, else the app's default, as the app itself does. */
export function visitorLanguage(request: FastifyRequest): Language {
  return chosenLanguage(request) ?? DEFAULT_LANGUAGE;
}

/** The page a browser path opens, as far as its code goes. */
export function webPageOf(pathname: string): WebPage {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/category/')) return 'category';
  if (pathname.startsWith('/style/')) return 'style';
  // A guest's own link is the recipient page of their invitation (DESIGN §1.20).
  if (pathname.startsWith('/c/') || pathname.startsWith('/i/')) return 'recipient';
  return 'other';
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface PageParts {
  page: WebPage;
  /** The page's path and query, which the server renders as the app would. */
  url: string;
  /** The language the page is rendered in (and `<html lang dir>`). */
  language: Language;
  /** Tags for the head (preloads, meta), already escaped. */
  head?: readonly string[];
  /**
   * A page that needs the session, opened signed in: its code, named beside the app's so that it downloads
   * with the entry, and whether its first screen is rendered here from `data`, which is that visitor's
   * alone: such a rendering is never kept (the kept ones are served to every visitor of their URL).
   */
  sessionPage?: SessionAppPage;
  /** Replaces `<title>` (the title itself is among `head`). */
  replaceTitle?: boolean;
  data?: PageData;
}

/** JSON inside a `<script>` element: `<` escaped so the text can never close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The chunks (JS and CSS) a page's first load needs, in load order: `entryScripts`, those its HTML entry names
 * already (the entry and its static imports), and `scripts` and `styles`, those the page adds (its frame and
 * page, the strings of its language, and an app page the server renders: that page's code and strings).
 */
export function pageAssets(
  manifest: Manifest,
  page: WebPage,
  language: Language,
  appPage: RenderedAppPage | null = null,
) {
  const code = PAGE_CODE[page];
  const visited = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  };
  visit(code.entry);
  const alreadyInPage = new Set(scripts);
  const alreadyStyled = new Set(styles);
  const sources = [...code.sources, code.strings(language)];
  if (appPage) sources.push(appPage.source, appPage.strings(language));
  for (const source of sources) visit(source);
  return {
    scripts: scripts.filter((file) => !alreadyInPage.has(file)),
    styles: [...new Set(styles)].filter((file) => !alreadyStyled.has(file)),
    entryScripts: [...alreadyInPage],
  };
}

/** The entry script and the chunks Vite names beside it, fetched at low priority. */
function lowPriorityScripts(html: string): string {
  return html
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

/** The server build of the app (`web/entry-server.tsx`). */
interface PageRenderer {
  render(request: {
    url: string;
    language: Language;
    data?: PageData;
  }): Promise<{ head: string; markup: string } | null>;
}

/**
 * How many rendered pages are kept, and how much of their text: a page's markup depends only on its URL,
 * language and data. A home page is some 130,000 characters, held at two bytes each (any character beyond
 * Latin-1 makes the whole string two-byte): 200 of them, one per tracking parameter a link got, would hold
 * 50 MB. Share pages are a few thousand characters.
 */
const RENDERED_CACHE_SIZE = 200;
const RENDERED_CACHE_CHARACTERS = 4 * 1024 * 1024;

export type PageDocuments = ReturnType<typeof createPageDocuments>;

/**
 * The built app's HTML for a page (`index.html`, or the recipient page's `recipient.html`): its frame's and
 * page's chunks and its strings preloaded, the page's own head tags
 * (a share link's preview tags, an image the first screen shows), the data of its first screen and, for the
 * pages a newcomer lands on, the page itself rendered by the app's server build (beside the browser build,
 * in `ssr/`), so it shows before the script has run. Null when the app is not built. The build is read again
 * when index.html changes (a rebuild).
 */
export function createPageDocuments(
  webDistDir: string,
  options: { origin: string; log?: FastifyBaseLogger },
) {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const rendererFile = path.join(webDistDir, '..', 'ssr', 'entry-server.js');
  let build: {
    modifiedMs: number;
    html: Record<PageCode['entry'], string>;
    manifest: Manifest;
    renderer: Promise<PageRenderer | null>;
  } | null = null;
  const rendered = new Map<string, { head: string; markup: string }>();
  let renderedCharacters = 0;
  const sizeOf = (page: { head: string; markup: string }) => page.head.length + page.markup.length;
  const forgetRendered = () => {
    rendered.clear();
    renderedCharacters = 0;
  };

  /**
   * The renderer of the build found at start. Its chunks import it by its plain URL, so it is loaded once: a
   * second copy would hold contexts of its own. After a rebuild under a running server the pages are drawn
   * by the script alone (the old renderer would not match the new app) until the server restarts.
   */
  let rendererLoaded = false;
  async function loadRenderer(): Promise<PageRenderer | null> {
    if (rendererLoaded) {
      options.log?.warn(
        'the web app was rebuilt: pages are rendered by the browser until the server restarts',
      );
      return null;
    }
    rendererLoaded = true;
    if (!fs.existsSync(rendererFile)) return null;
    try {
      return (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
    } catch (error) {
      options.log?.error({ err: error }, 'the page renderer could not be loaded');
      return null;
    }
  }

  /**
   * The page's markup, or null (no renderer, or it failed: the script then draws the page as before). Kept for
   * the next request of the same URL, language and data unless it is one visitor's (`keep` false).
   */
  async function renderApp(
    renderer: PageRenderer,
    request: { url: string; language: Language; data?: PageData },
    keep: boolean,
  ): Promise<{ head: string; markup: string } | null> {
    const key = crypto
      .createHash('sha256')
      .update(`${request.language}\n${request.url}\n${JSON.stringify(request.data ?? {})}`)
      .digest('base64url');
    const cached = keep ? rendered.get(key) : undefined;
    if (cached !== undefined) {
      rendered.delete(key);
      rendered.set(key, cached);
      return cached;
    }
    try {
      const page = await renderer.render({ ...request, url: new URL(request.url, options.origin).href });
      if (page === null || !keep) return page;
      rendered.set(key, page);
      renderedCharacters += sizeOf(page);
      for (const [oldest, old] of rendered) {
        if (rendered.size <= RENDERED_CACHE_SIZE && renderedCharacters <= RENDERED_CACHE_CHARACTERS) break;
        rendered.delete(oldest);
        renderedCharacters -= sizeOf(old);
      }
      return page;
    } catch (error) {
      options.log?.error({ err: error, url: request.url }, 'a page could not be rendered on the server');
      return null;
    }
  }

  async function readBuild() {
    try {
      const stat = await fs.promises.stat(indexFile);
      if (build?.modifiedMs !== stat.mtimeMs) {
        const index = await fs.promises.readFile(indexFile, 'utf8');
        // A build without the recipient page's own entry (an older one) serves that page with the app's.
        const recipient = await fs.promises
          .readFile(path.join(webDistDir, 'recipient.html'), 'utf8')
          .catch(() => index);
        const html: Record<PageCode['entry'], string> = { 'index.html': index, 'recipient.html': recipient };
        let manifest: Manifest = {};
        try {
          manifest = JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')) as Manifest;
        } catch {
          // A build without a manifest still serves its pages, without the preloads.
        }
        forgetRendered();
        build = { modifiedMs: stat.mtimeMs, html, manifest, renderer: loadRenderer() };
      }
      return build;
    } catch {
      return null;
    }
  }

  return {
    /** How many renderings are kept for the next visitor of their URL. */
    get kept(): number {
      return rendered.size;
    },

    async render(parts: PageParts): Promise<string | null> {
      const current = await readBuild();
      if (!current) return null;
      const { entry, firstPaint } = PAGE_CODE[parts.page];
      const textFirst = firstPaint === 'text';
      const appPage =
        parts.page === 'other' ? renderedAppPageOf(new URL(parts.url, options.origin).pathname) : null;
      const { sessionPage } = parts;
      const assets = pageAssets(current.manifest, parts.page, parts.language, appPage ?? sessionPage ?? null);
      const rendersHere =
        RENDERED_PAGES.has(parts.page) || appPage !== null || sessionPage?.rendered === true;
      const renderer = rendersHere ? await current.renderer : null;
      const page = renderer
        ? await renderApp(
            renderer,
            { url: parts.url, language: parts.language, data: parts.data },
            sessionPage === undefined,
          )
        : null;
      const modules = assets.scripts.map(
        (file) => `<link rel="modulepreload" crossorigin href="/${file}" />`,
      );
      const tags = [
        ...(parts.head ?? []),
        ...(page?.head ? [page.head] : []),
        ...(textFirst ? assets.styles : []).map(
          (file) => `<link rel="stylesheet" crossorigin href="/${file}" />`,
        ),
        ...(page ? [`<template id="${PAGE_MODULES_ELEMENT_ID}">${modules.join('')}</template>`] : modules),
      ];
      let html = current.html[entry].replace(
        /<html[^>]*>/,
        `<html lang="${parts.language}" dir="${textDirection(parts.language)}">`,
      );
      // A page the server rendered shows without its script, which only takes it over: the entry (its styles
      // and what starts its app) waits for what the first screen shows, and the app's chunks come once the page
      // has been painted (`web/lib/take-over.ts`).
      if (page) html = lowPriorityScripts(html);
      if (parts.replaceTitle) {
        html = html
          .replace(/<meta\s+name="description"[^>]*>/s, '')
          .replace(/<title>[^<]*<\/title>/, () => tags.join('\n    '));
      } else if (tags.length > 0) {
        html = html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
      }
      const block = parts.data
        ? `\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(parts.data)}</script>`
        : '';
      return html.replace(
        '<div id="root"></div>',
        () => `<div id="root">${page?.markup ?? ''}</div>${block}`,
      );
    },
  };
}
