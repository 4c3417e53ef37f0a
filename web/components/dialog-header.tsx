import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { IconButton } from './icon-button.tsx';

/**
 * The top of a dialog: an optional picture, the heading that names the dialog (`titleId`, for the Dialog's
 * aria-labelledby), an optional line or two under it, and the close button at the end.
 */
export function DialogHeader({
  titleId,
  title,
  leading,
  subtitle,
  onClose,
  closeLabel,
  closeDisabled,
}: {
  titleId: string;
  title: ReactNode;
  leading?: ReactNode;
  subtitle?: ReactNode;
  onClose: () => void;
  /** Defaults to 'Close'. */
  closeLabel?: string;
  closeDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex items-start gap-3 border-b border-plum-100 px-5 py-4 sm:px-6">
      {leading}
      <div className="min-w-0 flex-1 self-center">
        <h2 id={titleId} className="text-xl font-black text-ink sm:text-2xl">
          {title}
        </h2>
        {subtitle}
      </div>
      <IconButton
        label={closeLabel ?? t('common.close')}
        icon={<X aria-hidden="true" className="size-5" />}
        onClick={onClose}
        disabled={closeDisabled}
        className="-me-2 -mt-1"
      />
    </header>
  );
}
