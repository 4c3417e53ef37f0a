import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useSession } from '../api/session-query.ts';

/**
 * Protected pages (profile, account info, My WINCS, checkout) show only to a signed-in user; anyone else goes
 * to /signin carrying the way back (SPEC §6). It also covers a session that ends while the page is open.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();

  if (status === 'loading') {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted">
        <Spinner />
        <span className="text-sm font-semibold">{t('app.loading')}</span>
      </div>
    );
  }
  if (status === 'signed-out') {
    const state: AuthNavigationState = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signin()} replace state={state} />;
  }
  return children;
}
