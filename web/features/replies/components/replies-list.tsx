import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AudioLines, Trash2, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Reply } from '../../../../shared/replies/replies.contract.ts';
import { Button } from '../../../components/button.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { deleteReply, fetchReplies, markRepliesSeen, replyKeys } from '../api/replies-api.ts';

/**
 * The replies to one of the owner's cards, newest first, in its details (DESIGN §1.21): reactions, texts and
 * voice and video notes to play (served to the owner only), each with its time and a delete that asks first.
 * Kept live by the user's stream (`card-replies`); opening it marks them seen, so the tile's badge goes.
 */
export function RepliesList({ cardId, recipientName }: { cardId: string; recipientName: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: replyKeys.ofCard(cardId),
    queryFn: ({ signal }) => fetchReplies(cardId, signal),
  });
  const replies = query.data?.replies;
  // Which replies shown are not seen yet: a reply that lands while an earlier one is still shown unseen (its
  // seen mark not read back yet) changes it, and is marked seen too.
  const unseen = (replies ?? [])
    .filter((reply) => reply.seenAt === null)
    .map((reply) => reply.id)
    .join(' ');
  useEffect(() => {
    if (!unseen) return;
    void markRepliesSeen(cardId)
      .then(() => queryClient.invalidateQueries({ queryKey: replyKeys.newCounts }))
      .catch(() => undefined);
  }, [cardId, unseen, queryClient]);

  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (query.isError) {
    return (
      <p role="alert" className="text-sm font-bold text-coral-800">
        {t(errorMessageKey(query.error))}
      </p>
    );
  }
  if (!replies) return null;
  if (replies.length === 0) {
    return (
      <p className="text-sm text-muted" data-testid="replies-none">
        {t('replies.list.none', { recipient: recipientName })}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="replies-list">
      {replies.map((reply) => (
        <ReplyItem key={reply.id} reply={reply} when={format.format(new Date(reply.createdAt))} />
      ))}
    </ul>
  );
}

function ReplyItem({ reply, when }: { reply: Reply; when: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteReply(reply.cardId, reply.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: replyKeys.all }),
  });
  return (
    <li
      data-testid="reply"
      data-kind={reply.kind}
      className="rounded-2xl border border-plum-100 bg-white px-4 py-3 shadow-xs"
    >
      <div className="flex items-baseline justify-between gap-3 text-xs font-semibold text-muted">
        {reply.name ? (
          <span className="min-w-0 truncate font-extrabold text-plum-700">
            {t('replies.list.from', { name: reply.name })}
          </span>
        ) : (
          <span />
        )}
        <time dateTime={reply.createdAt} className="shrink-0">
          {when}
        </time>
      </div>
      <div className="mt-2">
        {reply.kind === 'reaction' && (
          <p className="flex items-center gap-2 text-sm font-bold text-ink">
            <span className="text-3xl" aria-hidden="true">
              {reply.reaction}
            </span>
            <span className="sr-only">{t('replies.list.reacted', { reaction: reply.reaction })}</span>
          </p>
        )}
        {reply.kind === 'text' && (
          <p
            dir="auto"
            className="text-base break-words whitespace-pre-wrap text-ink"
            data-testid="reply-text"
          >
            {reply.text}
          </p>
        )}
        {reply.kind === 'voice' && reply.mediaUrl && (
          <figure>
            <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-bold text-plum-700">
              <AudioLines aria-hidden="true" className="size-4" />
              {t('replies.list.voiceNote')}
            </figcaption>
            <audio
              src={reply.mediaUrl}
              controls
              preload="metadata"
              data-testid="reply-audio"
              className="w-full"
            />
          </figure>
        )}
        {reply.kind === 'video' && reply.mediaUrl && (
          <figure>
            <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-bold text-plum-700">
              <Video aria-hidden="true" className="size-4" />
              {t('replies.list.videoNote')}
            </figcaption>
            <video
              src={reply.mediaUrl}
              controls
              playsInline
              preload="metadata"
              data-testid="reply-video"
              className="max-h-72 w-full rounded-xl bg-black"
            />
          </figure>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        {confirming ? (
          <>
            <span className="me-auto text-sm font-bold text-ink">{t('replies.list.deleteConfirm')}</span>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              {t('replies.list.cancel')}
            </Button>
            <Button
              size="sm"
              pending={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="reply-delete-confirm"
              className="bg-coral-700 hover:bg-coral-800"
            >
              {t('replies.list.deleteConfirmButton')}
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="reply-delete">
            <Trash2 aria-hidden="true" className="size-4" />
            {t('replies.list.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}
