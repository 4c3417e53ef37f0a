import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError, postJson } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { sessionQueryKey } from './session-query.ts';
import { accountsApi } from '../../../../shared/api-paths.ts';

/** Ends the session on the server; one that had already ended (an expired session) counts as ended. */
export async function signOutOnServer(): Promise<void> {
  try {
    await postJson(`${accountsApi.auth}/sign-out`, {});
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
  }
}

/** Signs out on the server, then returns to / (SPEC §2 Header: "Logout returns to /"). */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await signOutOnServer();
    } catch (error) {
      setPending(false);
      showToast(t(errorMessageKey(error)), 'error');
      return;
    }
    // Leave the page first, so a protected page does not bounce to /signin when the user disappears.
    try {
      await navigate(paths.home(), { replace: true });
    } finally {
      queryClient.setQueryData(sessionQueryKey, null);
      setPending(false);
    }
  }, [navigate, queryClient, t]);

  return { signOut, pending };
}
