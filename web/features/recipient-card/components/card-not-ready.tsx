import { Hourglass } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { buttonClasses } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * A link to a card that is not paid yet, or to no card at all (one answer, DESIGN §1.5): a friendly wait,
 * and the way Home.
 */
export function CardNotReady() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <EmptyState
        icon={<Hourglass className="size-7" />}
        titleAs="h1"
        title={t('errors.card-not-ready')}
        description={t('recipient.notReadyText')}
        action={
          <a href={paths.home()} className={buttonClasses('primary', 'lg')}>
            {t('recipient.visitHome')}
          </a>
        }
      />
    </div>
  );
}
