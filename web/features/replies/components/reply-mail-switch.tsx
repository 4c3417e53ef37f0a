import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { showToast } from '../../../components/toast.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { fetchReplyMailSetting, replyKeys, saveReplyMailSetting } from '../api/replies-api.ts';

/** The profile's "Email me when someone replies" (DESIGN §1.21): on unless turned off here or from a mail. */
export function ReplyMailSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: replyKeys.mailSetting,
    queryFn: ({ signal }) => fetchReplyMailSetting(signal),
  });
  const save = useMutation({
    mutationFn: saveReplyMailSetting,
    onSuccess: (setting) => queryClient.setQueryData(replyKeys.mailSetting, setting),
    onError: (error) => showToast(t(errorMessageKey(error)), 'error'),
  });
  const enabled = save.isPending ? save.variables : (query.data?.enabled ?? true);
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-bold text-ink">
          {t('replies.profile.label')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('replies.profile.hint')}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-describedby={`${id}-hint`}
        disabled={!query.data || save.isPending}
        data-testid="reply-mail-switch"
        onClick={() => save.mutate(!enabled)}
        className={`inline-flex h-7 w-12 shrink-0 items-center rounded-full px-1 transition disabled:opacity-60 ${enabled ? 'justify-end bg-plum-700' : 'justify-start bg-plum-200'}`}
      >
        <span aria-hidden="true" className="inline-block size-5 rounded-full bg-white shadow" />
      </button>
    </div>
  );
}
