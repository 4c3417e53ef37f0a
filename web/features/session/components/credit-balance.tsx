import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

/** Grouped digits in the UI language, always with Latin digits like the rest of the interface. */
export function formatCredits(credits: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { numberingSystem: 'latn' }).format(credits);
}

/** The header's balance pill: a sparkle and the number; it links to the plans to buy more. */
export function CreditBalance({ credits, className }: { credits: number; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={paths.pricing()}
      data-testid="credit-balance"
      data-credits={credits}
      aria-label={t('session.creditBalance', { count: credits })}
      title={t('session.creditBalance', { count: credits })}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-coral-200 bg-coral-50 px-3 text-sm font-extrabold text-coral-800 tabular-nums transition-colors hover:border-coral-300 hover:bg-coral-100',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-4 text-coral-500" />
      <span aria-hidden="true">{formatCredits(credits, i18n.resolvedLanguage)}</span>
    </Link>
  );
}
