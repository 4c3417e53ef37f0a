import { Crown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';

/** SPEC §2: Share while signed out asks to become a member, with Sign In and Sign Up. */
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
          <Crown aria-hidden="true" className="size-7" />
        </span>
        <h2 id={titleId} className="mt-4 text-xl font-black text-ink">
          {t('overview.premiumTitle')}
        </h2>
        <p id={textId} className="mt-2 text-muted">
          {t('overview.premiumMessage')}
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
