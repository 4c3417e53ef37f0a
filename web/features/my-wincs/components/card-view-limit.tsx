import { CircleAlert, MonitorSmartphone } from 'lucide-react';
import { useId, useState } from 'react';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { showToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useRaiseViewLimit } from '../api/use-my-wincs.ts';

/**
 * A card that turned a new device away at its view limit (DESIGN §1.7): the sender is told so, and offered
 * the raise the server allows — the next plan's limit, for its price, once per card — behind a confirmation
 * that says the price and the new limit. Nothing while the limit was not reached.
 */
export function CardViewLimit({ card }: { card: MyWinc }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { reached, offer } = card.viewLimitStatus;
  if (!reached || card.viewLimit === null) return null;

  return (
    <div
      data-testid="view-limit-reached"
      className="mt-3 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm"
    >
      <p className="flex items-start gap-2 font-extrabold text-coral-900">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{t('myWincs.viewLimit.reached', { count: card.viewLimit })}</span>
      </p>
      <p className="mt-1 text-coral-900/80">{t('myWincs.viewLimit.reachedHint')}</p>
      {offer ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="min-w-0 flex-1 basis-40">
            <span className="block font-extrabold text-ink">
              {t('myWincs.viewLimit.offer', { count: offer.limit })}
            </span>
            <span className="block text-xs text-muted">
              {t('myWincs.viewLimit.offerPrice', { credits: offer.credits })}
            </span>
          </p>
          <Button data-testid="raise-view-limit" onClick={() => setConfirming(true)}>
            <MonitorSmartphone aria-hidden="true" className="size-4" />
            {t('myWincs.viewLimit.offerButton')}
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-xs text-muted">{t('myWincs.viewLimit.noOffer')}</p>
      )}
      {offer && (
        <RaiseDialog
          open={confirming}
          card={card}
          offer={offer}
          from={card.viewLimit}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function RaiseDialog({
  open,
  card,
  offer,
  from,
  onClose,
}: {
  open: boolean;
  card: MyWinc;
  offer: { limit: number; credits: number };
  from: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const raise = useRaiseViewLimit();
  const raising = raise.isPending;
  const tooFewCredits = hasErrorCode(raise.error, 'insufficient-credits');

  const close = () => {
    if (raising) return;
    raise.reset();
    onClose();
  };

  const confirm = () =>
    raise.mutate(card.id, {
      onSuccess: ({ card: saved }) => {
        showToast(t('myWincs.viewLimit.success', { count: saved.viewLimit ?? offer.limit }));
        onClose();
      },
    });

  return (
    <Dialog open={open} onClose={close} labelledBy={titleId} describedBy={bodyId} className="max-w-md">
      <div data-testid="raise-view-limit-dialog" className="p-6 sm:p-7">
        <h2 id={titleId} className="text-xl font-black text-ink">
          {t('myWincs.viewLimit.confirmTitle')}
        </h2>
        <p id={bodyId} className="mt-3 text-base leading-relaxed text-ink">
          {t('myWincs.viewLimit.confirmBody', { count: offer.limit, from, credits: offer.credits })}
        </p>
        {raise.isError && (
          <div
            role="alert"
            className="mt-4 rounded-2xl border border-coral-200 bg-coral-50 px-4 py-3 text-sm font-bold text-coral-900"
          >
            <p>{t(errorMessageKey(raise.error))}</p>
            {tooFewCredits && (
              <ButtonLink to={paths.pricing()} variant="secondary" className="mt-3">
                {t('myWincs.viewLimit.getCredits')}
              </ButtonLink>
            )}
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={raising} onClick={close}>
            {t('myWincs.viewLimit.cancel')}
          </Button>
          <Button data-testid="confirm-raise-view-limit" pending={raising} onClick={confirm}>
            {raising
              ? t('myWincs.viewLimit.raising')
              : t('myWincs.viewLimit.confirmButton', { credits: offer.credits })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
