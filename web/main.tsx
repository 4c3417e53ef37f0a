import '@fontsource-variable/nunito/wght.css';
import '@fontsource-variable/noto-kufi-arabic/wght.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { isLanguage } from '../shared/i18n/languages.ts';
import { Providers } from './app/providers.tsx';
import { appRoutes, createAppRouter } from './app/router.tsx';
import { appTranslations } from './lib/app-translations.ts';
import {
  i18n,
  initI18n,
  readStoredLanguage,
  rememberLanguageForServer,
  serverKnowsLanguage,
  showLanguage,
} from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

/** A page the server rendered must first render here exactly as it did: the frames it used are loaded first. */
async function loadMatchedFrames(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  const pageLanguage = document.documentElement.lang;
  const serverRendered = root.hasChildNodes() && isLanguage(pageLanguage);
  // A server-rendered page is in the language the server chose; the app starts in it to take the page over.
  await initI18n(appTranslations, serverRendered ? pageLanguage : undefined);
  const app = () => (
    <StrictMode>
      <Providers i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>
  );
  if (!serverRendered) {
    createRoot(root).render(app());
    return;
  }
  await loadMatchedFrames(appRoutes);
  hydrateRoot(root, app());
  // A device that chose a language before the server could know it: the server learns it for next time,
  // and this page switches (a shared card then shows in its own language again, as it always does).
  const stored = readStoredLanguage();
  if (!serverKnowsLanguage()) {
    rememberLanguageForServer(stored);
    if (stored !== pageLanguage) void showLanguage(stored);
  }
}

void start();
