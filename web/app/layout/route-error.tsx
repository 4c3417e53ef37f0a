import { RefreshCw } from 'lucide-react';
import { useTranslation } from '../../lib/translation.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';

/** Last-resort error page for an error no screen handled (e.g. a page's code failed to load). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-cream">
      <EmptyState
        role="alert"
        title={t('routeError.title')}
        description={t('routeError.message')}
        icon={<RefreshCw className="size-7" />}
        action={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
      />
    </main>
  );
}
