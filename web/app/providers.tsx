import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Translator } from '../../shared/i18n/translator.ts';
import { TranslationProvider } from '../lib/translation.tsx';

/**
 * App-wide providers: data fetching (TanStack Query) and the strings. The browser passes its one client and
 * shows the language it switches to; the server renders each page with its own client and the page's
 * translator, so two visitors never share state.
 */
export function Providers({
  translator,
  queryClient,
  children,
}: {
  translator?: Translator;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <TranslationProvider translator={translator}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </TranslationProvider>
  );
}
