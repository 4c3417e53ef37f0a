import { useQuery } from '@tanstack/react-query';
import { MessageCircleHeart } from 'lucide-react';
import { takePageData } from '../../../lib/page-data.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { fetchNewReplyCounts, replyKeys } from '../api/replies-api.ts';

/**
 * The owner's new replies per card, one query for the whole grid, kept live by the user's stream (My WINCS'
 * page carries them).
 */
export function useNewReplyCounts(): Record<string, number> {
  const query = useQuery({
    queryKey: replyKeys.newCounts,
    queryFn: ({ signal }) => fetchNewReplyCounts(signal),
    initialData: () => takePageData('newReplies'),
  });
  return query.data?.cards ?? {};
}

/** How many replies to a card the owner has not seen yet, on its tile in My WINCS; nothing when none. */
export function NewRepliesBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      data-testid="new-replies"
      className="flex items-center gap-1 rounded-full bg-coral-600 px-2 py-0.5 text-xs font-extrabold text-white shadow-sm"
    >
      <MessageCircleHeart aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('replies.list.new', { count })}</span>
    </span>
  );
}
