import { Mail } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDeliveryLog, useMailGuests } from '../api/delivery-api.ts';
import { reasonLabel } from './delivery-reason.ts';

/** "Send invitations by email": each guest with an address who was not mailed yet gets theirs now. */
export function MailGuestsButton({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const mail = useMailGuests(cardId);
  return (
    <Button
      variant="secondary"
      className="flex-1 sm:flex-none"
      disabled={mail.isPending}
      data-testid="mail-guests"
      onClick={() =>
        mail.mutate(undefined, {
          onSuccess: ({ scheduled }) =>
            showToast(
              scheduled === 0 ? t('delivery.guests.none') : t('delivery.guests.sent', { count: scheduled }),
            ),
          onError: (error) => showToast(t(errorMessageKey(error)), 'error'),
        })
      }
    >
      <Mail aria-hidden="true" className="size-4" />
      {t('delivery.guests.send')}
    </Button>
  );
}

/** A guest's delivery by email on the host's list: where their mail stands, live (one log for the list). */
export function GuestDeliveryState({ cardId, guestId }: { cardId: string; guestId: string }) {
  const { t } = useTranslation();
  const log = useDeliveryLog(cardId);
  const delivery = log.data?.deliveries.find((d) => d.guestId === guestId);
  if (!delivery) return null;
  const failed = delivery.state === 'bounced' || delivery.state === 'unsubscribed';
  const last = delivery.events.at(-1);
  return (
    <p
      className={failed ? 'mt-2 text-xs font-bold text-coral-700' : 'mt-2 text-xs text-muted'}
      data-testid="guest-delivery-state"
      data-state={delivery.state}
    >
      <Mail aria-hidden="true" className="me-1 inline size-3.5 align-[-2px]" />
      {last?.reason && (last.kind === 'retrying' || last.kind === 'bounced')
        ? reasonLabel(t, last)
        : t(`delivery.state.${delivery.state}`)}
    </p>
  );
}
