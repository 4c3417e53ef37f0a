import { Check, Copy } from 'lucide-react';
import type { DeliveryEvent } from '../../../../shared/delivery/delivery.contract.ts';
import { Button } from '../../../components/button.tsx';
import { showToast } from '../../../components/toast.tsx';
import { copyLink } from '../../../lib/share-link.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDeliveryLog } from '../api/delivery-api.ts';
import { reasonLabel } from './delivery-reason.ts';

/**
 * A card's delivery log in My WINCS (DESIGN §1.22): per address, scheduled → sent → bounced (with the
 * server's reason) → opened → replied, with times, live through the user's stream. A mail that did not
 * arrive (or whose arrival is not known) offers the way out: copy the link instead.
 */
export function DeliveryLogTimeline({ cardId, guestId }: { cardId: string; guestId?: string }) {
  const { t, i18n } = useTranslation();
  const log = useDeliveryLog(cardId);
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const deliveries = (log.data?.deliveries ?? []).filter((d) =>
    guestId === undefined ? d.guestId === null : d.guestId === guestId,
  );
  if (log.isPending) return null;
  if (deliveries.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="delivery-log-empty">
        {t('delivery.log.empty')}
      </p>
    );

  const label = (event: DeliveryEvent, scheduledAt: string) => {
    switch (event.kind) {
      case 'scheduled':
        return t('delivery.log.scheduled', { time: format.format(new Date(scheduledAt)) });
      case 'retrying':
      case 'bounced':
        return reasonLabel(t, event);
      case 'sent':
        return event.unconfirmed ? t('delivery.log.sentUnconfirmed') : t('delivery.log.sent');
      default:
        return t(`delivery.log.${event.kind}`);
    }
  };

  const copy = async () => {
    if (log.data && (await copyLink(log.data.link))) showToast(t('delivery.log.copied'), 'success');
  };

  return (
    <div className="flex flex-col gap-3" data-testid="delivery-log">
      {deliveries.map((delivery) => {
        const last = delivery.events.at(-1);
        const stuck =
          delivery.state === 'bounced' ||
          delivery.state === 'unsubscribed' ||
          (last?.kind === 'sent' && last.unconfirmed);
        return (
          <div key={delivery.id} className="rounded-2xl border border-plum-100 bg-plum-50/50 px-4 py-3">
            <p className="truncate text-sm font-bold text-ink" dir="ltr">
              {delivery.address}
            </p>
            <ol className="mt-2 flex flex-col gap-1.5">
              {delivery.events.map((event, index) => (
                <li
                  key={`${event.kind}-${index}`}
                  className="flex items-start gap-2 text-sm"
                  data-testid={`delivery-event-${event.kind}`}
                >
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-plum-700" />
                  <span className="min-w-0 flex-1 break-words text-ink">
                    {label(event, delivery.scheduledAt)}
                  </span>
                  {event.kind !== 'scheduled' && (
                    <time dateTime={event.at} className="shrink-0 text-xs text-muted">
                      {format.format(new Date(event.at))}
                    </time>
                  )}
                </li>
              ))}
            </ol>
            {stuck && (
              <Button
                size="sm"
                variant="secondary"
                className="mt-3"
                onClick={() => void copy()}
                data-testid="delivery-copy-link"
              >
                <Copy aria-hidden="true" className="size-4" />
                {t('delivery.log.copyInstead')}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
