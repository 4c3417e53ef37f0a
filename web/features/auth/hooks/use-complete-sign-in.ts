import { useCallback, useRef } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import type { AuthNavigationState } from '../../../lib/auth-navigation-state.ts';
import { claimGuestCards } from '../api/auth-api.ts';

/**
 * What happens once a user is signed in (SPEC §4 Sign-in flow): the guest session's cards, and the carried
 * card if it is the caller's, move to the account; then on to /checkout with that card, to the protected
 * page that sent the user here, or home. A failed navigation falls back to /.
 */
export function useCompleteSignIn(): (
  state: AuthNavigationState,
  successKey: string | null,
) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const running = useRef(false);

  return useCallback(
    async (state, successKey) => {
      if (running.current) return;
      running.current = true;
      let cardId: string | null = null;
      try {
        cardId = (await claimGuestCards(state.cardId)).cardId;
      } catch {
        // The transfer can be retried at the next sign-in; it must not keep the user from signing in.
        cardId = null;
      }
      if (successKey) showToast(t(successKey), 'success');
      try {
        if (cardId) {
          await navigate(paths.checkout(), {
            replace: true,
            state: { cardId, templateImage: state.templateImage ?? null },
          });
        } else {
          await navigate(state.returnTo ?? paths.home(), { replace: true });
        }
      } catch {
        await navigate(paths.home(), { replace: true });
      }
      // `running` stays set: this screen is left behind, and a second run would transfer and navigate twice.
    },
    [navigate, t],
  );
}
