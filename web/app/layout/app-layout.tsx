import { useTranslation } from '../../lib/translation.tsx';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { Toaster } from '../../components/toast.tsx';
import { PendingUploadsResumer } from '../../features/card-editor/components/pending-uploads-resumer.tsx';
import { SessionSync } from '../../features/session/components/session-sync.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';

/** The frame of every page: skip link, sticky header, notices, the route's content, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-plum-700 px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-3"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <Toaster />
      {/* At least a screen tall: while a page loads, the footer waits below the fold instead of showing and
          then jumping away (a layout shift a phone's first screen would feel). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Outlet />
      </main>
      <NavigationProgress />
      <Footer />
      <SessionSync />
      <PendingUploadsResumer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Every page opened by typing or pasting a URL has the history key 'default', so React Router would give it
 * the scroll position of whatever page was last opened that way; such pages are told apart by their URL.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
