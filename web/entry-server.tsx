import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../shared/i18n/languages.ts';
import { createTranslator, type Messages, type Translator } from '../shared/i18n/translator.ts';
import type { PageData } from '../shared/pages/page-data.contract.ts';
import { Providers } from './app/providers.tsx';
import { RecipientApp } from './app/recipient/recipient-app.tsx';
import { appRoutes } from './app/router.tsx';
import { recipientPageOf } from './app/recipient/recipient-path.ts';
import { catalogKeys } from './features/catalog/api/catalog-keys.ts';
import { draftsKey, myWincsKeys } from './features/my-wincs/api/my-wincs-api.ts';
import { replyKeys } from './features/replies/api/replies-api.ts';
import { sessionQueryKey } from './features/session/api/session-query.ts';
import { appInfoKey } from './features/app-info/api/use-app-info.ts';
import { PageDataContext } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { TranslationProvider } from './lib/translation.tsx';

/**
 * The server's rendering of the app's pages (docs/decisions/0018-first-paint.md): the same routes and
 * components as the browser, so the page a visitor first sees is the one the script then takes over
 * (hydrates). What the first screen needs comes in `data`; anything else (the session and drafts on a page
 * that does not need them) renders as the browser's first render does, loading. A share link's recipient
 * page (and a guest's own link's) is its own small app, without the router (`web/recipient-main.tsx`), and is
 * rendered as such.
 */

const handler = createStaticHandler(appRoutes);

const locales: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('../shared/i18n/locales/en.json'),
  ar: () => import('../shared/i18n/locales/ar.json'),
  ru: () => import('../shared/i18n/locales/ru.json'),
};

const translators = new Map<Language, Promise<Translator>>();

/**
 * One translator per language, made once, over the whole locale file: the server renders with every string,
 * the browser with the parts its page has loaded (the same strings, checked by `web/lib/strings-shown.test.ts`).
 */
function translatorFor(language: Language): Promise<Translator> {
  let translator = translators.get(language);
  if (!translator) {
    translator = locales[language]().then((module) => createTranslator(language, module.default));
    translators.set(language, translator);
  }
  return translator;
}

/** The page's data in the query cache, under the keys the page's queries ask with. */
function seed(queryClient: QueryClient, data: PageData): void {
  if (data.lists) queryClient.setQueryData(catalogKeys.lists(), data.lists);
  if (data.home) queryClient.setQueryData(catalogKeys.home(), data.home);
  if (data.categoryPage)
    queryClient.setQueryData(catalogKeys.categoryPage(data.categoryPage.name), data.categoryPage.answer);
  if (data.stylePage)
    queryClient.setQueryData(catalogKeys.stylePage(data.stylePage.name), data.stylePage.answer);
  if (data.templates)
    queryClient.setQueryData(catalogKeys.templates(data.templates.filters), {
      pages: [data.templates.firstPage],
      pageParams: [1],
    });
  // A page that needs the session, rendered for the signed-in visitor whose data it carries.
  if (data.me) queryClient.setQueryData(sessionQueryKey, data.me);
  if (data.appInfo) queryClient.setQueryData(appInfoKey, data.appInfo);
  if (data.myWincs) queryClient.setQueryData(myWincsKeys.list(data.myWincs.categoryId), data.myWincs.answer);
  if (data.drafts) queryClient.setQueryData(draftsKey, data.drafts.cards);
  if (data.newReplies) queryClient.setQueryData(replyKeys.newCounts, data.newReplies);
}

export interface RenderRequest {
  /** The page's absolute URL. */
  url: string;
  language: Language;
  data?: PageData;
}

export interface RenderedPage {
  /** Tags for `<head>`: the preloads React asks for (the first screen's high-priority images). */
  head: string;
  /** The markup of `<div id="root">`. */
  markup: string;
}

/** The page, or null when the app would not show a page there. */
export async function render({ url, language, data = {} }: RenderRequest): Promise<RenderedPage | null> {
  const translator = await translatorFor(language);
  const recipientPage = recipientPageOf(new URL(url).pathname);
  if (recipientPage !== null) {
    return prerender(
      <TranslationProvider translator={translator}>
        <PageDataContext.Provider value={data}>
          <RecipientApp page={recipientPage} />
        </PageDataContext.Provider>
      </TranslationProvider>,
      url,
    );
  }
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  seed(queryClient, data);
  try {
    return await prerender(
      <Providers translator={translator} queryClient={queryClient}>
        <PageDataContext.Provider value={data}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </PageDataContext.Provider>
      </Providers>,
      url,
    );
  } finally {
    queryClient.clear();
  }
}

async function prerender(page: ReactNode, url: string): Promise<RenderedPage> {
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<StrictMode>{page}</StrictMode>, {
    // Whole: a big boundary would otherwise come after the shell with an inline script to reveal it, which
    // the content security policy (no inline script) blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A component that fails here is rendered by the browser instead; the server says which and why.
    onError: (error) => {
      failures.push(error);
    },
  });
  if (failures.length > 0) throw new AggregateError(failures, `rendering ${url} failed`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // Rendering into a `<div>`, React puts its resource hints before the page; they belong in the head (and
  // in the root they would not match what the browser renders there).
  const hints = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
  return { head: hints, markup: html.slice(hints.length) };
}
