import type { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../shared/i18n/languages.ts';
import type { PageData } from '../shared/pages/page-data.contract.ts';
import { Providers } from './app/providers.tsx';
import { RecipientApp } from './app/recipient/recipient-app.tsx';
import { appRoutes } from './app/router.tsx';
import { recipientCardIdOf } from './config/paths.ts';
import { catalogKeys } from './features/catalog/api/catalog-keys.ts';
import { appTranslations } from './lib/app-translations.ts';
import { I18N_OPTIONS } from './lib/i18n.ts';
import { PageDataContext } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The server's rendering of the app's pages (docs/decisions/0018-first-paint.md): the same routes and
 * components as the browser, so the page a visitor first sees is the one the script then takes over
 * (hydrates). What the first screen needs comes in `data`; anything else (the session, drafts) renders as
 * the browser's first render does, loading. A share link's recipient page is its own small app, without the
 * router (`web/recipient-main.tsx`), and is rendered as such.
 */

const handler = createStaticHandler(appRoutes);

const instances = new Map<Language, Promise<I18n>>();

/** One i18next per language, made once: rendering only reads it. */
function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const resources = { [language]: { translation: await appTranslations(language) } };
      const created = i18next.createInstance();
      await created.use(initReactI18next).init({ ...I18N_OPTIONS, lng: language, resources });
      return created;
    })();
    instances.set(language, instance);
  }
  return instance;
}

function seed(queryClient: QueryClient, data: PageData): void {
  if (data.home) queryClient.setQueryData(catalogKeys.home(), data.home);
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
  const i18n = await i18nFor(language);
  const cardId = recipientCardIdOf(new URL(url).pathname);
  if (cardId !== null) {
    return prerender(
      <I18nextProvider i18n={i18n}>
        <PageDataContext.Provider value={data}>
          <RecipientApp cardId={cardId} />
        </PageDataContext.Provider>
      </I18nextProvider>,
      url,
    );
  }
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  seed(queryClient, data);
  try {
    return await prerender(
      <Providers i18n={i18n} queryClient={queryClient}>
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
