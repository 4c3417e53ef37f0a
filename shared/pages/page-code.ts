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
