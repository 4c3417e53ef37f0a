import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePaymentOptions } from '../api/payments-api.ts';

/** A small note when this server runs the built-in test checkout (DESIGN §1.10): buying takes no money. */
export function TestModeNote() {
  const { t } = useTranslation();
  const { data } = usePaymentOptions();
  if (data?.provider !== 'test-mode') return null;
  return (
    <p
      data-testid="pricing-test-mode"
      className="mx-auto flex max-w-xl items-start gap-2.5 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-start text-sm text-amber-950"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-amber-600" />
      <span>
        <strong className="font-extrabold">{t('pricing.testMode.title')}</strong> {t('pricing.testMode.body')}
      </span>
    </p>
  );
}
