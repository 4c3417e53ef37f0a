import type { GuestTotals as Totals } from '../../../../shared/invitations/guests.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/translation.tsx';

const TILES = [
  { filter: 'yes', total: 'coming', tone: 'bg-emerald-50 text-emerald-900 ring-emerald-100' },
  { filter: 'maybe', total: 'maybe', tone: 'bg-amber-50 text-amber-950 ring-amber-100' },
  { filter: 'no', total: 'notComing', tone: 'bg-coral-50 text-coral-900 ring-coral-100' },
  { filter: 'pending', total: 'noAnswer', tone: 'bg-white text-plum-900 ring-plum-100' },
  { filter: 'waitlisted', total: 'waitlisted', tone: 'bg-plum-50 text-plum-900 ring-plum-100' },
] as const;

/**
 * Where the answers stand (DESIGN §1.20): guests coming with the people they bring, maybe, not coming, no
 * answer yet, and waiting for a place; two columns on a phone, one row on wider screens.
 */
export function GuestTotals({ totals, className }: { totals: Totals; className?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="guest-totals-title" className={className}>
      <h2 id="guest-totals-title" className="sr-only">
        {t('guestList.totals.label')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3 sm:grid-cols-5">
        {TILES.map(({ filter, total, tone }) => (
          <div
            key={filter}
            data-testid={`guest-totals-${filter}`}
            className={cn(
              'flex min-w-0 flex-col rounded-2xl px-3.5 py-3 ring-1',
              tone,
              filter === 'yes' && 'max-[479px]:col-span-2',
            )}
          >
            <dt className="truncate text-xs font-extrabold tracking-wide uppercase opacity-80">
              {t(`guestList.filters.${filter}`)}
            </dt>
            <dd className="mt-0.5 text-2xl font-black tabular-nums">
              {totals[total]}
              {filter === 'yes' && (
                <span className="block text-sm font-bold opacity-80">
                  {t('guestList.headcount', { count: totals.headcount })}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
