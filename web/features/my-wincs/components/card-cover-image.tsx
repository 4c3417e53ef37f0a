import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * A card's template cover at 3:4, or a soft gradient with a gift when the card has no cover (its template is
 * gone) or the image fails to load.
 */
export function CardCoverImage({
  src,
  className,
  priority = false,
  lead = false,
}: {
  src: string | null;
  className?: string;
  priority?: boolean;
  /** The first screen's leading picture (its largest paint): fetched before the others. */
  lead?: boolean;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const usable = src !== null && broken !== src;
  return (
    <span
      className={cn(
        'relative block aspect-[3/4] overflow-hidden bg-gradient-to-br from-plum-100 via-plum-50 to-coral-100',
        className,
      )}
    >
      {usable ? (
        <img
          src={src}
          alt=""
          width={300}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={lead ? 'high' : 'auto'}
          decoding="async"
          onError={() => setBroken(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-plum-400">
          <Gift className="size-10" />
        </span>
      )}
    </span>
  );
}
