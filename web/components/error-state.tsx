import { RefreshCw, WifiOff } from 'lucide-react';
import { useTranslation } from '../lib/translation.tsx';
import { errorMessageKey } from '../lib/error-message.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** The localized message for a failed request, with a Retry button. */
export function ErrorState({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      role="alert"
      className={className}
      icon={<WifiOff className="size-7" />}
      title={t(errorMessageKey(error))}
      action={
        <Button variant="secondary" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.retry')}
        </Button>
      }
    />
  );
}
