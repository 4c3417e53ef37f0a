import { ArrowRight, PencilLine } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import { useFormatDate } from '../lib/use-format-date.ts';
import { CardCoverImage } from './card-cover-image.tsx';

/**
 * Cards made but not unlocked yet ("Not shared yet"). My WINCS itself lists paid cards only (SPEC §2), and an
 * unpaid card is listed nowhere else: each one here leads back to its overview, to finish and share it.
 */
export function DraftsStrip({ drafts, className }: { drafts: Card[] | undefined; className?: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!drafts || drafts.length === 0) return null;
  return (
    <section
      aria-labelledby="drafts-title"
      data-testid="drafts"
      className={`rounded-3xl border border-dashed border-plum-200 bg-plum-50/50 p-4 sm:p-5 ${className ?? ''}`}
    >
      <h2 id="drafts-title" className="flex items-center gap-2 text-base font-black text-ink">
        <PencilLine aria-hidden="true" className="size-5 text-plum-600" />
        {t('myWincs.drafts.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('myWincs.drafts.description')}</p>
      <ul className="mt-4 flex snap-x gap-3 overflow-x-auto pb-1">
        {drafts.map((card) => (
          <li key={card.id} className="w-64 shrink-0 snap-start">
            <Link
              to={paths.overview(card.id)}
              data-testid="draft"
              className="group flex items-center gap-3 rounded-2xl bg-white p-2.5 shadow-xs ring-1 ring-plum-100 transition-colors hover:ring-plum-300"
            >
              <CardCoverImage src={card.templateImageUrl} className="w-12 shrink-0 rounded-lg" />
              <span className="min-w-0 flex-1">
                <span dir="auto" className="block truncate text-sm font-extrabold text-ink">
                  {t('myWincs.to', { name: card.recipientName })}
                </span>
                <span className="block text-xs text-muted">{formatDate(card.createdAt)}</span>
                <span className="mt-0.5 flex items-center gap-1 text-xs font-bold text-plum-700 group-hover:underline">
                  {t('myWincs.drafts.finish')}
                  <ArrowRight aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
