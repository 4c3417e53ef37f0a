import { cn } from '../lib/cn.ts';

/** A shimmering placeholder block; decorative, hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('skeleton-shimmer rounded-xl', className)} />;
}
