import { Inbox, MailX, RefreshCw } from 'lucide-react';
import { useTranslation } from '../../lib/translation.tsx';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useMailboxList } from '../../features/mailbox/api/use-mailbox.ts';
import { MailList } from '../../features/mailbox/components/mail-list.tsx';
import { MailView } from '../../features/mailbox/components/mail-view.tsx';
import { MailboxNotice } from '../../features/mailbox/components/mailbox-notice.tsx';
import { hasErrorCode } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * `/mailbox` — the local development mailbox (DESIGN §1.11): what the server would have mailed, when it has no
 * SMTP server. Wide screens show the list and the open mail side by side; phones show one at a time.
 */
export function MailboxRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('mailbox.title'));
  const [searchParams] = useSearchParams();
  const selectedId = searchParams.get('mail');
  const list = useMailboxList();

  if (hasErrorCode(list.error, 'not-found')) {
    return (
      <EmptyState
        icon={<MailX className="size-7" />}
        title={t('mailbox.unavailableTitle')}
        description={t('mailbox.unavailableBody')}
      />
    );
  }

  const mails = list.data?.mails;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageIntro eyebrow={t('nav.support')} title={t('mailbox.title')} />
        <div className="flex items-center gap-3">
          {mails && <p className="text-sm text-muted">{t('mailbox.count', { count: mails.length })}</p>}
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" className={cn('size-4', list.isFetching && 'animate-spin')} />
            {t('mailbox.refresh')}
          </Button>
        </div>
      </div>
      <MailboxNotice />

      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : mails && mails.length === 0 ? (
        <EmptyState
          icon={<Inbox className="size-7" />}
          title={t('mailbox.empty')}
          description={t('mailbox.emptyHint')}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
          <div
            className={cn(
              'overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-xs lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto',
              selectedId && 'hidden lg:block',
            )}
          >
            {mails ? (
              <MailList mails={mails} selectedId={selectedId} />
            ) : (
              <div className="space-y-4 p-5" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-14 w-full rounded-2xl" />
                ))}
              </div>
            )}
          </div>
          <div
            className={cn(
              'min-w-0 rounded-3xl border border-plum-100 bg-white p-5 shadow-xs sm:p-7',
              !selectedId && 'hidden lg:block',
            )}
          >
            {selectedId ? (
              <MailView key={selectedId} id={selectedId} />
            ) : (
              <p className="py-16 text-center text-muted">{t('mailbox.select')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
