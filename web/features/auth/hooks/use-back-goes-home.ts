import { useEffect } from 'react';
import { NavigationType, useBlocker, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

const AUTH_PATHS: readonly string[] = [paths.signin(), paths.signup(), paths.resetPassword()];

/**
 * SPEC §2: browser Back on the sign-in, sign-up and reset screens goes to / and replaces the history entry
 * (instead of returning into a card flow or a protected page that would only bounce back here). Moving
 * between the auth screens themselves stays normal.
 */
export function useBackGoesHome(): void {
  const navigate = useNavigate();
  const blocker = useBlocker(
    ({ historyAction, nextLocation }) =>
      historyAction === NavigationType.Pop && !AUTH_PATHS.includes(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    void navigate(paths.home(), { replace: true });
  }, [blocker, navigate]);
}
