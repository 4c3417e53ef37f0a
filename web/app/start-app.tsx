import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { isLanguage } from '../../shared/i18n/languages.ts';
import { markTakenOver, TakenOver } from '../lib/after-take-over.ts';
import { Providers } from './providers.tsx';
import { appRoutes, createAppRouter } from './router.tsx';
import appStrings from 'virtual:strings/app';
import {
  initI18n,
  languageKnownToServer,
  readStoredLanguage,
  rememberLanguageForServer,
  showLanguage,
} from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { whenIdle } from '../lib/when-idle.ts';

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

/**
 * A page rendered in another language than the device chose: the server did not know the choice yet (it
 * learns it for next time) or learnt it only after it had rendered this page (another page of the device told
 * it meanwhile, as a visitor who moves on quickly makes the last page do); the page switches to it. Reading the
 * cookie and reading the device's storage each wait on the browser (a first read, a few milliseconds of a
 * phone's main thread): each has an idle moment of its own.
 */
function switchToChosenLanguage(pageLanguage: string): void {
  const known = languageKnownToServer();
  if (known === pageLanguage) return;
  if (known) {
    void showLanguage(known);
    return;
  }
  whenIdle(() => {
    const stored = readStoredLanguage();
    rememberLanguageForServer(stored);
    if (stored !== pageLanguage) void showLanguage(stored);
  });
}

/** The app taking over its page, or drawing it when the server did not (see `web/main.tsx`). */
export async function startApp(): Promise<void> {
  const root = document.getElementById('root')!;
  const pageLanguage = document.documentElement.lang;
  const serverRendered = root.hasChildNodes() && isLanguage(pageLanguage);
  // A server-rendered page is in the language the server chose; the app starts in it to take the page over.
  await initI18n(appStrings, serverRendered ? pageLanguage : undefined);
  const app = (takenOver?: ReactNode) => (
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </Providers>
      {takenOver}
    </StrictMode>
  );
  if (!serverRendered) {
    markTakenOver();
    createRoot(root).render(app());
    return;
  }
  await loadMatchedFrames(appRoutes);
  // Each in an idle moment of its own: the requests and renders that follow are work enough for one.
  const takenOver = () => {
    whenIdle(markTakenOver);
    whenIdle(() => switchToChosenLanguage(pageLanguage));
  };
  // As a transition, hydration is done in slices between which the browser can answer the visitor (and paint),
  // instead of one long task on a slow phone.
  startTransition(() => {
    hydrateRoot(root, app(<TakenOver then={takenOver} />));
  });
}
