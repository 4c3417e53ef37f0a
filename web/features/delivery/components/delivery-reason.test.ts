import { describe, expect, it } from 'vitest';
import ar from '../../../../shared/i18n/locales/ar.json';
import en from '../../../../shared/i18n/locales/en.json';
import ru from '../../../../shared/i18n/locales/ru.json';
import { createTranslator } from '../../../../shared/i18n/translator.ts';
import type { DeliveryEvent } from '../../../../shared/delivery/delivery.contract.ts';
import { reasonLabel } from './delivery-reason.ts';

const event = (kind: DeliveryEvent['kind'], reason: string, gaveUp = false): DeliveryEvent => ({
  kind,
  at: '2027-03-01T09:00:00.000Z',
  reason,
  unconfirmed: false,
  gaveUp,
});

describe('a delivery reason in the log', () => {
  it.each([
    ['en', en, 'gave up after 24 h'],
    ['ar', ar, 'توقفت المحاولات بعد 24 ساعة'],
    ['ru', ru, 'попытки прекращены через 24 ч'],
  ] as const)(
    "says a give-up in the reader's language, with the server's words isolated (%s)",
    (language, messages, words) => {
      const t = createTranslator(language, messages).t;
      const label = reasonLabel(t, event('bounced', '452 4.2.2 Mailbox full', true));
      expect(label).toContain(words);
      expect(label).toContain('\u2068452 4.2.2 Mailbox full\u2069');
      expect(reasonLabel(t, event('bounced', '550 No such user'))).not.toContain(words);
    },
  );
});
