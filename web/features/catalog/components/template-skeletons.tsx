import { Skeleton } from '../../../components/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { gridClasses } from './template-grid-layout.ts';

/** Placeholder of one template card, of its size. */
function CardSkeleton({ layout }: { layout: 'row' | 'grid' }) {
  return (
    <div className={cn('flex flex-col gap-2', layout === 'row' ? 'w-[168px] shrink-0' : 'w-full')}>
      <Skeleton className="aspect-[3/4] w-full rounded-2xl" />
      <Skeleton className="h-3.5 w-3/4 rounded-full" />
    </div>
  );
}

/** Placeholder of a home section: a title and a row of cards. */
export function TemplateRowSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      <div className="flex items-center justify-between">
        <Skeleton className="h-6 w-40 rounded-full" />
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <div className="flex gap-4 overflow-hidden">
        {Array.from({ length: 7 }, (_, i) => (
          <CardSkeleton key={i} layout="row" />
        ))}
      </div>
    </div>
  );
}

/** Placeholder of a template grid (one page). */
export function TemplateGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div aria-hidden="true" className={gridClasses}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} layout="grid" />
      ))}
    </div>
  );
}
