import { CircleSlash, FlaskConical } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePaymentOptions } from '../api/payments-api.ts';

/**
 * A small note when this server takes no real payments (DESIGN §1.10): the built-in test checkout (buying
 * takes no money), or no checkout at all (nothing can be bought).
 */
export function PaymentModeNote() {
  const { t } = useTranslation();
  const { data } = usePaymentOptions();
  if (data?.provider !== 'test-mode' && data?.provider !== 'unavailable') return null;
  const testMode = data.provider === 'test-mode';
  const Icon = testMode ? FlaskConical : CircleSlash;
  const key = testMode ? 'pricing.testMode' : 'pricing.unavailable';
  return (
    <p
      data-testid={testMode ? 'pricing-test-mode' : 'pricing-unavailable'}
      className={cn(
        'mx-auto flex max-w-xl items-start gap-2.5 rounded-2xl border px-4 py-3 text-start text-sm',
        testMode ? 'border-amber-200 bg-amber-50 text-amber-950' : 'border-plum-200 bg-plum-50 text-plum-950',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-4.5 shrink-0', testMode ? 'text-amber-600' : 'text-plum-600')}
      />
      <span>
        <strong className="font-extrabold">{t(`${key}.title`)}</strong> {t(`${key}.body`)}
      </span>
    </p>
  );
}
