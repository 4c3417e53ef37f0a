import { useTranslation } from '../../lib/translation.tsx';
import { useNavigation } from 'react-router';

/**
 * While the next page's code loads (the page being left stays until it has), a thin bar at the top of the
 * screen says the click was heard.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  if (!loading) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-plum-100">
      <div className="navigation-progress h-full w-1/3 bg-coral-500" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
