import type { DeliveryEvent } from '../../../../shared/delivery/delivery.contract.ts';
import type { TFunction } from '../../../../shared/i18n/translator.ts';

/**
 * A retry's or a bounce's line with the server's words. Those are English whatever the page's language:
 * isolated (U+2068 … U+2069), so an Arabic line keeps "550 5.1.1 No such user here" in its own order instead
 * of reordering its words. A bounce after a day of retries says so in the reader's language.
 */
export function reasonLabel(t: TFunction, event: DeliveryEvent): string {
  const reason = `\u2068${event.reason ?? ''}\u2069`;
  if (event.kind === 'retrying') return t('delivery.log.retrying', { reason });
  return event.gaveUp ? t('delivery.log.gaveUp', { reason }) : t('delivery.log.bounced', { reason });
}
