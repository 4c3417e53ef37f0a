import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isLanguage } from '../../../shared/i18n/languages.ts';
import { RecipientApp } from './recipient-app.tsx';
import { recipientPageOf } from './recipient-path.ts';
import recipientStrings from 'virtual:strings/recipient';
import {
  initI18n,
  languageKnownToServer,
  readStoredLanguage,
  rememberLanguageForServer,
} from '../../lib/i18n.ts';
import { TranslationProvider } from '../../lib/translation.tsx';
import { markTakenOver, TakenOver } from '../../lib/after-take-over.ts';

/**
 * The recipient page (`recipient.html`, served for `/c/{id}` and `/i/{token}`, entry `web/recipient-main.tsx`):
 * the server renders the page in its card's language and this takes it over, with its own strings and without
 * the app's router, query library and frame (docs/decisions/0018-first-paint.md).
 */
export async function startRecipientPage(): Promise<void> {
  const root = document.getElementById('root')!;
  const pageLanguage = document.documentElement.lang;
  const serverRendered = root.hasChildNodes() && isLanguage(pageLanguage);
  await initI18n(recipientStrings, serverRendered ? pageLanguage : undefined);
  const app = (
    <StrictMode>
      <TranslationProvider>
        <RecipientApp page={recipientPageOf(window.location.pathname) ?? { kind: 'card', cardId: '' }} />
      </TranslationProvider>
      <TakenOver then={markTakenOver} />
    </StrictMode>
  );
  if (serverRendered) {
    // As a transition, hydration is done in slices between which the browser can answer the visitor (and
    // paint), instead of one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
  // The server learns the device's language for its next page (this one shows its card's, DESIGN §1.17).
  if (!languageKnownToServer()) rememberLanguageForServer(readStoredLanguage());
}
