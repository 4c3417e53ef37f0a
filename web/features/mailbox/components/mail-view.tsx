import { ArrowLeft, ExternalLink, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useMailboxMail } from '../api/use-mailbox.ts';
import { MailKindBadge } from './mail-kind-badge.tsx';
import { useMailTimeFormat } from './use-mail-time-format.ts';
import { mailboxApi } from '../../../../shared/api-paths.ts';

type View = 'formatted' | 'text';

/**
 * One mail: its links as real anchors (the point of a local mailbox is to click "verify"), and the body either
 * as the mail client would show it or as plain text. The formatted view is the mail's own document in a
 * sandboxed frame: no scripts, no same-origin access, served with its own strict CSP (mailbox.routes.ts).
 */
export function MailView({ id }: { id: string }) {
  const { t } = useTranslation();
  const formatTime = useMailTimeFormat();
  const mail = useMailboxMail(id);
  const [view, setView] = useState<View>('formatted');

  const back = (
    <Link
      to={paths.mailbox()}
      className="mb-4 inline-flex items-center gap-1.5 rounded-full text-sm font-bold text-plum-800 hover:underline lg:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('mailbox.back')}
    </Link>
  );

  if (mail.isError) {
    return (
      <div>
        {back}
        <ErrorState error={mail.error} onRetry={() => void mail.refetch()} />
      </div>
    );
  }
  if (!mail.data) {
    return (
      <div className="space-y-3" aria-busy="true">
        {back}
        <Skeleton className="h-7 w-3/4 rounded-full" />
        <Skeleton className="h-4 w-1/2 rounded-full" />
        <Skeleton className="mt-6 h-80 w-full rounded-2xl" />
      </div>
    );
  }

  const { data } = mail;
  return (
    <article data-testid="mail-view" lang={data.language}>
      {back}
      <header className="border-b border-plum-100 pb-4">
        <h2 className="text-xl leading-snug font-black text-balance text-ink" dir="auto">
          {data.subject}
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span dir="auto">{t('mailbox.to', { to: data.to })}</span>
          <time dateTime={data.createdAt}>{formatTime(data.createdAt)}</time>
          <MailKindBadge kind={data.kind} />
        </div>
      </header>

      {data.links.length > 0 && (
        <section className="mt-4 rounded-2xl bg-plum-50 p-4" aria-labelledby={`links-${data.id}`}>
          <h3
            id={`links-${data.id}`}
            className="flex items-center gap-2 text-sm font-extrabold text-plum-900"
          >
            <Link2 aria-hidden="true" className="size-4" />
            {t('mailbox.links')}
          </h3>
          <ul className="mt-2 space-y-1.5">
            {data.links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  dir="ltr"
                  data-testid="mail-link"
                  className="block text-sm font-semibold break-all text-plum-700 underline decoration-plum-300 underline-offset-2 hover:text-plum-900"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="mt-5 flex items-center justify-between gap-3">
        <div role="group" aria-label={t('mailbox.view')} className="inline-flex rounded-full bg-plum-50 p-1">
          {(['formatted', 'text'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cn(
                'rounded-full px-3.5 py-1.5 text-sm font-bold transition-colors',
                view === option ? 'bg-white text-plum-900 shadow-xs' : 'text-plum-700 hover:text-plum-900',
              )}
            >
              {option === 'formatted' ? t('mailbox.formatted') : t('mailbox.plainText')}
            </button>
          ))}
        </div>
        <a
          href={mailboxApi.mailHtml(data.id)}
          target="_blank"
          rel="noreferrer"
          aria-label={t('mailbox.frameTitle', { subject: data.subject })}
          title={t('mailbox.frameTitle', { subject: data.subject })}
          className="inline-flex size-9 items-center justify-center rounded-full text-plum-700 hover:bg-plum-100"
        >
          <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </a>
      </div>

      {view === 'formatted' ? (
        <iframe
          key={data.id}
          src={mailboxApi.mailHtml(data.id)}
          title={t('mailbox.frameTitle', { subject: data.subject })}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          className="mt-3 h-[36rem] w-full rounded-2xl border border-plum-100 bg-cream"
        />
      ) : (
        <pre
          dir="auto"
          data-testid="mail-text"
          className="mt-3 overflow-x-auto rounded-2xl border border-plum-100 bg-white p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-ink"
        >
          {data.text}
        </pre>
      )}
    </article>
  );
}
