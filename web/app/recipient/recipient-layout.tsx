import { useTranslation } from '../../lib/translation.tsx';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';

/**
 * The frame of the recipient page: the logo home and the card. A recipient has no account here and came for
 * one card, so the sender's tools (search, session, credits, uploads, footer links) stay out of it and out
 * of the code the page loads. It is a page of its own (`web/recipient-main.tsx`): its links load the app anew.
 */
export function RecipientLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-plum-100/80 bg-cream/90">
        <div className="mx-auto flex h-14 max-w-7xl items-center px-4 sm:px-6 md:h-16 lg:px-8">
          <a href={paths.home()} aria-label={t('header.homeLink')} className="shrink-0 rounded-xl">
            <Logo />
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        {children}
      </main>
    </div>
  );
}
