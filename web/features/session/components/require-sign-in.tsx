import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readAuthNavigationState, type AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { useSession } from '../api/session-query.ts';

/**
 * Protected pages (profile, account info, My WINCS, checkout) show only to a signed-in user; anyone else goes
 * to /signin carrying the way back (SPEC §6). A session that ends while the page is open (signed out in
 * another tab, expired, the account deleted) goes home instead, as signing out does (SPEC §2), unless the
 * page ended it to sign in again (`signingInAgain`): then to /signin and back.
 */
export function RequireSignIn({
  children,
  signingInAgain = false,
}: {
  children: ReactNode;
  signingInAgain?: boolean;
}) {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  // Remembered from an earlier render (React's "state from the previous render" pattern).
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);

  if (status === 'loading') {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted">
        <Spinner />
        <span className="text-sm font-semibold">{t('app.loading')}</span>
      </div>
    );
  }
  if (status === 'signed-out') {
    if (wasSignedIn && !signingInAgain) return <Navigate to={paths.home()} replace />;
    // A card being paid for (checkout's state) travels along, so signing in leads back to paying for it.
    const { cardId, templateImage } = readAuthNavigationState(location.state);
    const state: AuthNavigationState = {
      returnTo: `${location.pathname}${location.search}`,
      ...(cardId ? { cardId, returnToCheckout: true } : {}),
      ...(templateImage ? { templateImage } : {}),
    };
    return <Navigate to={paths.signin()} replace state={state} />;
  }
  return children;
}
