import { useQuery } from '@tanstack/react-query';
import type { MailboxList, MailboxMail } from '../../../../shared/mailbox/mailbox.contract.ts';
import { getJson, isClientError } from '../../../lib/api-client.ts';
import { mailboxApi } from '../../../../shared/api-paths.ts';

export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: () => [...mailboxKeys.all, 'list'] as const,
  mail: (id: string) => [...mailboxKeys.all, 'mail', id] as const,
};

/** The outbox, newest first; refreshed when the tab regains focus (a mail may have arrived meanwhile). */
export function useMailboxList() {
  return useQuery({
    queryKey: mailboxKeys.list(),
    queryFn: ({ signal }) => getJson<MailboxList>(mailboxApi.list, undefined, signal),
    refetchOnWindowFocus: true,
    // 404 means "no mailbox on this server": asking again will not change that.
    retry: (count, error) => !isClientError(error) && count < 2,
  });
}

export function useMailboxMail(id: string | null) {
  return useQuery({
    queryKey: mailboxKeys.mail(id ?? ''),
    queryFn: ({ signal }) => getJson<MailboxMail>(mailboxApi.mail(id!), undefined, signal),
    enabled: id !== null,
    staleTime: Infinity, // A stored mail never changes.
    retry: (count, error) => !isClientError(error) && count < 2,
  });
}
