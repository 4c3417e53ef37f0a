import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreditHistory } from '../api/use-credit-history.ts';

/** Ledger reasons the page names; anything newer reads as a plain adjustment. */
const REASON_KEYS: Record<string, string> = {
  'signup-grant': 'account.history.reasons.signupGrant',
  'card-unlock': 'account.history.reasons.cardUnlock',
  'view-limit-raise': 'account.history.reasons.viewLimitRaise',
  purchase: 'account.history.reasons.purchase',
  refund: 'account.history.reasons.refund',
};

/** The recent credit history (DESIGN §1.8): every change of the balance, newest first, with what it was. */
export function CreditHistory({ balance }: { balance: number }) {
  const { t, i18n } = useTranslation();
  const history = useCreditHistory(balance);
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage, {
    numberingSystem: 'latn',
    signDisplay: 'always',
  });
  const plain = new Intl.NumberFormat(i18n.resolvedLanguage, { numberingSystem: 'latn' });
  const dates = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="mt-5">
      <h3 className="text-sm font-extrabold text-ink">{t('account.history.title')}</h3>
      {history.isPending ? (
        <div className="mt-3 space-y-2" aria-hidden="true">
          <Skeleton className="h-12 rounded-2xl" />
          <Skeleton className="h-12 rounded-2xl" />
        </div>
      ) : history.isError ? (
        <p role="alert" className="mt-2 text-sm text-coral-800">
          {t('account.history.loadError')}
        </p>
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('account.history.empty')}</p>
      ) : (
        <ul
          data-testid="credit-history"
          className="mt-3 divide-y divide-plum-100 rounded-2xl border border-plum-100"
        >
          {history.data.map((entry) => {
            const gain = entry.delta >= 0;
            return (
              <li key={entry.id} data-reason={entry.reason} className="flex items-center gap-3 px-4 py-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full',
                    gain ? 'bg-emerald-100 text-emerald-700' : 'bg-plum-100 text-plum-700',
                  )}
                >
                  {gain ? <ArrowUpRight className="size-4" /> : <ArrowDownRight className="size-4" />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-bold text-ink">
                    {t(REASON_KEYS[entry.reason] ?? 'account.history.reasons.other')}
                  </span>
                  <span className="block text-xs text-muted">
                    <time dateTime={entry.createdAt}>{dates.format(new Date(entry.createdAt))}</time>
                  </span>
                </span>
                <span className="text-end">
                  <span
                    dir="ltr"
                    className={cn(
                      'block text-sm font-black tabular-nums',
                      gain ? 'text-emerald-700' : 'text-plum-800',
                    )}
                  >
                    {numbers.format(entry.delta)}
                  </span>
                  <span className="block text-xs text-muted tabular-nums">
                    {t('account.history.balanceAfter', { balance: plain.format(entry.balanceAfter) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
