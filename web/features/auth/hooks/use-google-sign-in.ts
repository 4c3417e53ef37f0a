import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { googleAuthorizationUrl } from '../api/auth-api.ts';
import { useGoogleAvailable } from '../api/use-auth-providers.ts';
import { authErrorKey, hasAuthCode } from '../lib/auth-errors.ts';
import { isMobileDevice } from '../../../lib/device.ts';
import { openBlankPopup, waitForPopupReport } from '../lib/google-popup.ts';
import { savePendingSignIn } from '../lib/pending-sign-in.ts';

export type GoogleFlow = 'google-sign-in' | 'google-sign-up';

/** The page Google sends the browser back to: this auth page with `?oauth=popup|redirect`. */
export function oauthReturnUrl(page: string, kind: 'popup' | 'redirect', failed = false): string {
  return `${page}?oauth=${kind}${failed ? '&failed=1' : ''}`;
}

export interface GoogleSignIn {
  start: () => void;
  pending: boolean;
  /** Locale key of the last failure, or null. */
  errorKey: string | null;
  /** True once the server said Google is not configured. */
  notConfigured: boolean;
}

/**
 * "Continue with Google": a popup on desktop; a full redirect on mobile (SPEC §9 detection) or when the
 * browser blocks the popup, with the pending card saved for the way back.
 */
export function useGoogleSignIn(options: {
  flow: GoogleFlow;
  page: string;
  state: AuthNavigationState;
  /** Re-reads the session and carries on when signed in; `cancelled` when the popup closed without a report. */
  onPopupSuccess: (cancelled: boolean) => Promise<void>;
  onNotConfigured: () => void;
}): GoogleSignIn {
  const { flow, page, state, onPopupSuccess, onNotConfigured } = options;
  const googleAvailable = useGoogleAvailable();
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const notConfigured = refused || googleAvailable === false;
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(() => {
    if (notConfigured) {
      onNotConfigured();
      return;
    }
    // The popup must open inside the click itself, before any await, or the browser blocks it.
    const popup = isMobileDevice() ? null : openBlankPopup();
    const kind = popup ? 'popup' : 'redirect';
    setPending(true);
    setErrorKey(null);
    void (async () => {
      try {
        const url = await googleAuthorizationUrl(
          oauthReturnUrl(page, kind),
          oauthReturnUrl(page, kind, true),
        );
        if (!popup || popup.closed) {
          savePendingSignIn(state);
          window.location.assign(url);
          return;
        }
        popup.location.href = url;
        abortRef.current?.abort();
        const controller = new AbortController();
        abortRef.current = controller;
        const outcome = await waitForPopupReport(controller.signal);
        if ('cancelled' in outcome) {
          // Closed without a report: the sign-in may still have finished (a report lost on the way).
          await onPopupSuccess(true);
          setPending(false);
          return;
        }
        if (!outcome.ok) {
          setErrorKey(authErrorKey(null, flow));
          setPending(false);
          return;
        }
        await onPopupSuccess(false);
        setPending(false);
      } catch (error) {
        popup?.close();
        setPending(false);
        if (hasAuthCode(error, 'provider-not-found', 'not-found')) {
          setRefused(true);
          onNotConfigured();
          return;
        }
        setErrorKey(authErrorKey(error, flow));
      }
    })();
  }, [flow, notConfigured, onNotConfigured, onPopupSuccess, page, state]);

  return { start, pending, errorKey, notConfigured };
}
