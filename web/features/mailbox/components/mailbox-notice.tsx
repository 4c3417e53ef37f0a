import { Info } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';

/** Says plainly that nothing was sent: this is the development stand-in for a real mail server. */
export function MailboxNotice() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="mailbox-notice"
      className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3.5 text-amber-950"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div>
        <p className="font-bold">{t('mailbox.notice')}</p>
        <p className="mt-0.5 text-sm text-amber-900/85">{t('mailbox.noticeHint')}</p>
      </div>
    </div>
  );
}
