import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import type { AuthSessionPort } from '../auth-session.ts';
import { takePendingSignIn } from '../lib/pending-sign-in.ts';
import type { GoogleFlow } from './use-google-sign-in.ts';

/** SPEC §4/§9: after a redirect the page waits up to 1.5 s for the sign-in result before giving up. */
export const REDIRECT_RESULT_WAIT_MS = 1_500;
const POLL_MS = 300;

/**
 * Back from Google's full redirect (`?oauth=redirect`): restore the pending state saved before leaving, wait
 * for the session, then complete the sign-in; otherwise show the Google failure message. The query is removed
 * from the address afterwards, keeping the restored navigation state.
 */
export function useOAuthRedirectReturn(options: {
  flow: GoogleFlow;
  navState: AuthNavigationState;
  session: AuthSessionPort;
  complete: (state: AuthNavigationState, successKey: string | null) => Promise<void>;
}): { handling: boolean; errorKey: string | null } {
  const { flow, navState, session, complete } = options;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isReturn = params.get('oauth') === 'redirect';
  const failed = params.has('failed') || params.has('error');
  const [handling, setHandling] = useState(isReturn);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!isReturn || started.current) return;
    started.current = true;
    const state = takePendingSignIn() ?? navState;
    const giveUp = () => {
      setErrorKey(
        flow === 'google-sign-up' ? 'auth.errors.googleSignUpFailed' : 'auth.errors.googleSignInFailed',
      );
      setHandling(false);
      void navigate(location.pathname, { replace: true, state });
    };
    if (failed) {
      giveUp();
      return;
    }
    void (async () => {
      const deadline = Date.now() + REDIRECT_RESULT_WAIT_MS;
      for (;;) {
        const user = await session.refresh().catch(() => null);
        if (user) {
          await complete(state, 'auth.signedIn');
          return;
        }
        if (Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      giveUp();
    })();
  }, [complete, failed, flow, isReturn, location.pathname, navState, navigate, session]);

  return { handling, errorKey };
}
