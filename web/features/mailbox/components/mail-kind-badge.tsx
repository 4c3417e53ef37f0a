import { useTranslation } from '../../../lib/translation.tsx';
import { MAIL_KINDS } from '../../../../shared/mailbox/mailbox.contract.ts';
import { cn } from '../../../lib/cn.ts';

/** What a mail is for, in words (an unknown kind, from a newer server, shows as it is). */
export function MailKindBadge({ kind, className }: { kind: string; className?: string }) {
  const { t } = useTranslation();
  const known = (MAIL_KINDS as readonly string[]).includes(kind);
  return (
    <span
      className={cn(
        'inline-flex rounded-full bg-coral-50 px-2.5 py-0.5 text-xs font-bold text-coral-800',
        className,
      )}
    >
      {known ? t(`mailbox.kinds.${kind}`) : kind}
    </span>
  );
}
