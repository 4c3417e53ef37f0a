import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { BILLING_CYCLES, type BillingCycle } from '../../../../shared/payments/plans.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * The Monthly / Bulk Packs switch (SPEC §2 Pricing), a segmented control built as a radio group: Tab reaches
 * the selected option, the arrow keys (Home/End) move and select, as WAI-ARIA's radio group pattern asks.
 * 'Best Value' rides on Bulk Packs.
 */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  const buttons = useRef<Partial<Record<BillingCycle, HTMLButtonElement | null>>>({});

  const select = (cycle: BillingCycle) => {
    onChange(cycle);
    buttons.current[cycle]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = BILLING_CYCLES.indexOf(value);
    const last = BILLING_CYCLES.length - 1;
    // Left and right follow the reading direction: in Arabic the "next" option sits to the left.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward || event.key === 'ArrowDown') next = index === last ? 0 : index + 1;
    else if (event.key === backward || event.key === 'ArrowUp') next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    select(BILLING_CYCLES[next]!);
  };

  return (
    <div
      role="radiogroup"
      aria-label={t('pricing.cycle.label')}
      className="inline-flex items-center gap-1 rounded-full border border-plum-200 bg-white p-1 shadow-card"
    >
      {BILLING_CYCLES.map((cycle) => {
        const checked = cycle === value;
        return (
          <button
            key={cycle}
            ref={(element) => {
              buttons.current[cycle] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-testid={`billing-cycle-${cycle}`}
            onClick={() => select(cycle)}
            onKeyDown={onKeyDown}
            className={cn(
              'inline-flex h-11 items-center gap-2 rounded-full px-4 text-sm font-extrabold whitespace-nowrap transition-colors sm:px-6 sm:text-base',
              checked ? 'bg-plum-700 text-white shadow-sm' : 'text-plum-900 hover:bg-plum-50',
            )}
          >
            {t(`pricing.cycle.${cycle}`)}
            {cycle === 'bulk' && (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-[0.6875rem] leading-4 font-black tracking-wide uppercase',
                  checked ? 'bg-coral-400 text-plum-950' : 'bg-coral-100 text-coral-800',
                )}
              >
                {t('pricing.cycle.bestValue')}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
