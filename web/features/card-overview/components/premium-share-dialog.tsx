import { Gift } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { NEW_USER_CREDITS } from '../../../../shared/accounts/accounts.contract.ts';

/**
 * SPEC §2: Share while signed out asks to become a member, with Sign In and Sign Up. It says what is needed
 * and true — signing up is free and comes with the new member's credits — rather than SPEC's 'You must be a
 * premium Winc Member', which reads as a paid plan (any signed-in member is one, DESIGN §1.9).
 */
export function PremiumShareDialog({
  open,
  onClose,
  onSignIn,
  onSignUp,
}: {
  open: boolean;
  onClose: () => void;
  onSignIn: () => void;
  onSignUp: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} describedBy={textId} className="max-w-md">
      <div className="p-6 text-center sm:p-8" data-testid="premium-dialog">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-coral-100 text-coral-600">
          <Gift aria-hidden="true" className="size-7" />
        </span>
        <h2 id={titleId} className="mt-4 text-xl font-black text-ink">
          {t('overview.premiumTitle')}
        </h2>
        <p id={textId} className="mt-2 text-muted">
          {t('overview.signUpToShare', { count: NEW_USER_CREDITS })}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button size="lg" className="w-full sm:w-auto sm:flex-1" onClick={onSignIn}>
            {t('overview.signIn')}
          </Button>
          <Button size="lg" variant="secondary" className="w-full sm:w-auto sm:flex-1" onClick={onSignUp}>
            {t('overview.signUp')}
          </Button>
        </div>
        <Button variant="ghost" className="mt-3" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}
