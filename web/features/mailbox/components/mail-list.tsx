import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation.tsx';
import type { MailboxEntry } from '../../../../shared/mailbox/mailbox.contract.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { MailKindBadge } from './mail-kind-badge.tsx';
import { useMailTimeFormat } from './use-mail-time-format.ts';

/** The outbox as a list of links (each mail has its own URL, so back/forward and new tabs work). */
export function MailList({ mails, selectedId }: { mails: MailboxEntry[]; selectedId: string | null }) {
  const { t } = useTranslation();
  const formatTime = useMailTimeFormat();
  return (
    <ul aria-label={t('mailbox.listLabel')} className="divide-y divide-plum-100" data-testid="mail-list">
      {mails.map((mail) => {
        const selected = mail.id === selectedId;
        return (
          <li key={mail.id}>
            <Link
              to={paths.mailbox({ mail: mail.id })}
              aria-current={selected ? 'true' : undefined}
              data-testid="mail-list-item"
              className={cn(
                'block px-4 py-3.5 transition-colors sm:px-5',
                selected ? 'bg-plum-100/70' : 'hover:bg-plum-50',
              )}
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="truncate text-sm font-bold text-ink" dir="auto">
                  {mail.to}
                </span>
                <time dateTime={mail.createdAt} className="shrink-0 text-xs text-muted">
                  {formatTime(mail.createdAt)}
                </time>
              </div>
              <p className="mt-0.5 truncate text-sm text-ink/85" dir="auto">
                {mail.subject}
              </p>
              <MailKindBadge kind={mail.kind} className="mt-2" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
