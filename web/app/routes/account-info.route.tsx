import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import { showToast } from '../../components/toast.tsx';
import { paths } from '../../config/paths.ts';
import { AccountInfoView } from '../../features/account/components/account-info-view.tsx';
import { sessionQueryKey, useSession } from '../../features/session/api/session-query.ts';
import { formatCredits } from '../../features/session/components/credit-balance.tsx';
import { RequireSignIn } from '../../features/session/components/require-sign-in.tsx';

/** `/account-info` — protected; the account feature's form, refreshed and signed out through the session. */
export function AccountInfoRoute() {
  return (
    <RequireSignIn>
      <AccountInfo />
    </RequireSignIn>
  );
}

function AccountInfo() {
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
    />
  );
}
