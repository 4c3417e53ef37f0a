import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import { showToast } from '../../components/toast.tsx';
import { paths } from '../../config/paths.ts';
import { AccountInfoView } from '../../features/account/components/account-info-view.tsx';
import { sessionQueryKey, useSession } from '../../features/session/api/session-query.ts';
import { signOutOnServer } from '../../features/session/api/use-sign-out.ts';
import { formatCredits } from '../../features/session/components/credit-balance.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';

/** `/account-info` — protected; the account feature's form, refreshed and signed out through the session. */
export function AccountInfoRoute() {
  // Deleting an account without a password needs a recent sign-in: the page ends its session to get one.
  const [signingInAgain, setSigningInAgain] = useState(false);
  return (
    <RequireSignIn signingInAgain={signingInAgain}>
      <AccountInfo onSigningInAgain={setSigningInAgain} />
    </RequireSignIn>
  );
}

function AccountInfo({ onSigningInAgain }: { onSigningInAgain: (signingInAgain: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const { user, refresh } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <AccountInfoView
      key={user.id}
      user={user}
      credits={formatCredits(user.credits, i18n.resolvedLanguage)}
      onChanged={refresh}
      onDeleted={async () => {
        await navigate(paths.home(), { replace: true });
        queryClient.setQueryData(sessionQueryKey, null);
        showToast(t('account.deleted'), 'success');
      }}
      onSignInAgain={async () => {
        onSigningInAgain(true);
        try {
          await signOutOnServer();
        } catch (error) {
          onSigningInAgain(false);
          throw error;
        }
        // Signed out, the protected page sends the browser to sign in, and back here afterwards.
        queryClient.setQueryData(sessionQueryKey, null);
      }}
    />
  );
}
