import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  /** 'alert' for failures the user should hear about. */
  role?: 'status' | 'alert';
  /** 'h1' when the empty state is the whole page (it then names the page for assistive technology). */
  titleAs?: 'p' | 'h1';
}

/** A friendly message in place of a list that has nothing to show. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  role = 'status',
  titleAs: Title = 'p',
}: EmptyStateProps) {
  return (
    <div
      data-testid="empty-state"
      role={role}
      className={cn('mx-auto flex max-w-md flex-col items-center px-6 py-14 text-center sm:py-20', className)}
    >
      {icon && (
        <div
          aria-hidden="true"
          className="mb-5 flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-plum-100 to-coral-100 text-plum-700"
        >
          {icon}
        </div>
      )}
      <Title className="text-lg font-extrabold text-balance text-ink">{title}</Title>
      {description && <p className="mt-2 text-sm leading-relaxed text-muted">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
