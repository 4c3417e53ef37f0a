import type { Language } from '../i18n/languages.ts';
import { stringPartModule, type StringPart } from '../i18n/string-parts.ts';

/**
 * The pages whose code the server names in their HTML (server/platform/http/page-document.ts), and which the
 * build puts into few chunks (vite.config.ts). The browser app loads its frame and each page's code
 * on demand; named in the page, they download with the entry script instead of after it has run.
 */
export type WebPage = 'home' | 'category' | 'style' | 'recipient' | 'other';

/**
 * Each page's code, by keys of Vite's build manifest: its HTML entry (the app's `index.html`, or the recipient
 * page's own lighter `recipient.html`; an entry is only its styles and what starts its app), the source
 * files it starts with beyond the entry (the app, its frame and page, which the router loads on demand), and
 * the module of its strings in a language.
 */
export interface PageCode {
  entry: 'index.html' | 'recipient.html';
  sources: readonly string[];
  strings: (language: Language) => string;
  /**
   * What the first screen shows largest. Where it is text, the page's chunks' stylesheets are linked in its
   * HTML. A share link's page shows its cover: they do not go ahead of it on a slow network (its script loads
   * them, the card fonts' faces, before it draws what uses them).
   */
  firstPaint: 'text' | 'cover';
}

/** A part of the strings as the build's manifest names it (from the web root). */
const strings =
  (part: StringPart) =>
  (language: Language): string =>
    `../${stringPartModule(part, language)}`;
const appStrings = strings('app');

export const PAGE_CODE: Record<WebPage, PageCode> = {
  home: {
    entry: 'index.html',
    sources: ['app/start-app.tsx', 'app/layout/app-layout.tsx', 'app/routes/home.route.tsx'],
    strings: appStrings,
    firstPaint: 'text',
  },
  category: {
    entry: 'index.html',
    sources: ['app/start-app.tsx', 'app/layout/app-layout.tsx', 'app/routes/category.route.tsx'],
    strings: appStrings,
    firstPaint: 'text',
  },
  style: {
    entry: 'index.html',
    sources: ['app/start-app.tsx', 'app/layout/app-layout.tsx', 'app/routes/style.route.tsx'],
    strings: appStrings,
    firstPaint: 'text',
  },
  recipient: {
    entry: 'recipient.html',
    sources: ['app/recipient/start-recipient-page.tsx'],
    strings: strings('recipient'),
    firstPaint: 'cover',
  },
  other: {
    entry: 'index.html',
    sources: ['app/start-app.tsx', 'app/layout/app-layout.tsx'],
    strings: appStrings,
    firstPaint: 'text',
  },
};

/** An app page's own code beyond the app's: its source, and the module of its own strings. */
export interface RenderedAppPage {
  source: string;
  strings: (language: Language) => string;
}

/**
 * The app's pages beyond the catalog's that the server renders as well (docs/decisions/0042-first-screens.md),
 * by path: people reach them without an account and often from outside the app (a mail's link, a search, the
 * site's footer), and nothing on their first screen needs the session. Their code is the app's (`other`) with
 * the page's own source and strings, which the server names beside it so they download together. The pages
 * that need the session to show anything (checkout, My WINCS, the account pages, admin) stay drawn by the script.
 */
export const RENDERED_APP_PAGES: Readonly<Record<string, RenderedAppPage>> = {
  '/signin': { source: 'app/routes/signin.route.tsx', strings: strings('auth') },
  '/signup': { source: 'app/routes/signup.route.tsx', strings: strings('auth') },
  '/reset-password': { source: 'app/routes/reset-password.route.tsx', strings: strings('auth') },
  '/choose-password': { source: 'app/routes/choose-password.route.tsx', strings: strings('auth') },
  '/help': { source: 'app/routes/help.route.tsx', strings: strings('help') },
  '/faqs': { source: 'app/routes/faqs.route.tsx', strings: strings('faq') },
  '/pricing': { source: 'app/routes/pricing.route.tsx', strings: strings('pricing') },
};

/** The app page beyond the catalog's that the server renders at this path, if any. */
export function renderedAppPageOf(pathname: string): RenderedAppPage | null {
  return Object.hasOwn(RENDERED_APP_PAGES, pathname) ? RENDERED_APP_PAGES[pathname]! : null;
}

/** An app page that needs the session: its code, and whether the server renders its first screen. */
export interface SessionAppPage extends RenderedAppPage {
  /**
   * Rendered by the server from the signed-in visitor's data (never kept for another request), as the pages a
   * newcomer lands on are; else drawn by the script, which has the data at once.
   */
  rendered: boolean;
}

/**
 * The app's pages that need the session to show anything (docs/decisions/0042-first-screens.md, "The
 * signed-in pages"), by the router's pattern. For a signed-in visitor the server names the page's own code and
 * strings beside the app's (they download with the entry, not once the router has asked for them) and writes
 * what its first screen would ask the API for into the page (`PageData`). A visitor who is not signed in gets
 * the app's page as before, and the sign-in it sends them to.
 */
export const SESSION_APP_PAGES = {
  '/my-wincs': { source: 'app/routes/my-wincs.route.tsx', strings: strings('myWincs'), rendered: true },
  '/profile': { source: 'app/routes/profile.route.tsx', strings: strings('profile'), rendered: true },
  '/account-info': {
    source: 'app/routes/account-info.route.tsx',
    strings: strings('account'),
    rendered: false,
  },
  '/checkout': { source: 'app/routes/checkout.route.tsx', strings: strings('checkout'), rendered: false },
} as const satisfies Readonly<Record<string, SessionAppPage>>;

export type SessionAppPath = keyof typeof SESSION_APP_PAGES;
