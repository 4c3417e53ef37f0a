import { EyeOff } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { buttonClasses } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * A new device past the card's view limit (DESIGN §1.7): said kindly, with what the recipient can do — the
 * devices that opened it before still can, and the sender can send another.
 */
export function CardViewLimit() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <EmptyState
        icon={<EyeOff className="size-7" />}
        titleAs="h1"
        title={t('errors.card-view-limit')}
        description={t('recipient.viewLimitText')}
        action={
          <a href={paths.home()} className={buttonClasses('primary', 'lg')}>
            {t('recipient.visitHome')}
          </a>
        }
      />
    </div>
  );
}
