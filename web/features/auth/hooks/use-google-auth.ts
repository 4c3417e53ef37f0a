import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { showToast } from '../../../components/toast.tsx';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { useGoogleSignIn, type GoogleFlow } from './use-google-sign-in.ts';
import { useOAuthRedirectReturn } from './use-oauth-return.ts';

/**
 * Google on an auth page: the popup (or redirect) start, the return from a redirect, and going on once
 * signed in. Sign-in and sign-up differ only in their flow, page and failure message.
 */
export function useGoogleAuth(options: {
  flow: GoogleFlow;
  page: string;
  navState: AuthNavigationState;
  session: AuthSessionPort;
  complete: (state: AuthNavigationState, successKey: string | null) => Promise<void>;
  /** Locale key shown when Google did not sign the user in. */
  failureKey: string;
  onFailure: (errorKey: string) => void;
}) {
  const { flow, page, navState, session, complete, failureKey, onFailure } = options;
  const { t } = useTranslation();
  const oauthReturn = useOAuthRedirectReturn({ flow, navState, session, complete });
  const onPopupSuccess = useCallback(
    async (cancelled: boolean) => {
      const user = await session.refresh().catch(() => null);
      if (user) await complete(navState, 'auth.signedIn');
      else if (!cancelled) onFailure(failureKey);
    },
    [complete, session, navState, failureKey, onFailure],
  );
  const onNotConfigured = useCallback(() => showToast(t('auth.googleNotConfigured'), 'info'), [t]);
  const google = useGoogleSignIn({ flow, page, state: navState, onPopupSuccess, onNotConfigured });
  return { google, oauthReturn };
}
