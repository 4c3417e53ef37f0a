import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';

/** Shown while a page's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted">
      <Spinner />
      <span className="text-sm font-semibold">{t('app.loading')}</span>
    </div>
  );
}
