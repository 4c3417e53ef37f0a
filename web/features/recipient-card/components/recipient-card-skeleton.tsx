import { useTranslation } from '../../../lib/translation.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';

/**
 * While the card loads: the shape of the headline and of the closed cover, where they will appear; the
 * cover itself when the page came with it.
 */
export function RecipientCardSkeleton({ coverUrl }: { coverUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12" data-testid="recipient-card-loading">
      <p role="status" className="sr-only">
        {t('recipient.loading')}
      </p>
      <div className="mx-auto flex max-w-md flex-col items-center">
        <Skeleton className="h-3 w-28 rounded-full" />
        <Skeleton className="mt-3 h-9 w-64 max-w-full" />
        <Skeleton className="mt-3 h-5 w-52 max-w-full" />
      </div>
      {coverUrl ? (
        <img
          src={coverUrl}
          alt=""
          width={400}
          height={533}
          fetchPriority="high"
          className="mx-auto mt-8 aspect-[3/4] w-full max-w-sm rounded-3xl bg-plum-100 object-cover"
        />
      ) : (
        <Skeleton className="mx-auto mt-8 aspect-[3/4] w-full max-w-sm rounded-3xl" />
      )}
    </div>
  );
}
