import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { buttonClasses } from '../../../components/button.tsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDrafts } from '../api/use-my-wincs.ts';
import { useAfterTakeOver } from '../../../lib/after-take-over.ts';
import { CardCoverImage } from './card-cover-image.tsx';

/**
 * On Home: the newest card its maker (a guest too) left before unlocking it, one click from its overview —
 * otherwise a card closed half-way would be out of reach until it is paid.
 */
export function LatestDraftBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const drafts = useDrafts({ enabled: useAfterTakeOver() });
  const latest = drafts.data?.[0];
  if (!latest) return null;
  return (
    <aside
      aria-label={t('myWincs.drafts.title')}
      data-testid="latest-draft"
      className={`flex flex-wrap items-center gap-3 rounded-2xl border border-plum-100 bg-white p-3 shadow-xs sm:flex-nowrap sm:gap-4 ${className ?? ''}`}
    >
      <CardCoverImage src={latest.templateImageUrl} className="w-11 shrink-0 rounded-lg" />
      {/* On a phone the button has a line of its own: beside it, a long label (Russian) left the sentence a
          column one word wide. */}
      <p dir="auto" className="min-w-0 flex-1 text-sm font-bold text-ink">
        {t('myWincs.drafts.waiting', { name: latest.recipientName })}
      </p>
      <Link
        to={paths.overview(latest.id)}
        className={buttonClasses('primary', 'sm', 'w-full shrink-0 sm:w-auto')}
      >
        {t('myWincs.drafts.finish')}
        <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </aside>
  );
}
