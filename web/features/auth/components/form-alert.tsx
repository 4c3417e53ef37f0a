import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const tones = {
  error: { box: 'border-coral-200 bg-coral-50 text-coral-900', Icon: CircleAlert },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', Icon: CircleCheck },
  info: { box: 'border-plum-200 bg-plum-50 text-plum-900', Icon: Info },
} as const;

/** A message on a form; errors are announced at once (role=alert), the rest politely. */
export function FormAlert({
  tone,
  children,
  action,
  id,
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  action?: ReactNode;
  id?: string;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-alert-${tone}`}
      className={cn('flex gap-3 rounded-2xl border px-4 py-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-bold">{children}</p>
        {action && <div className="mt-2">{action}</div>}
      </div>
    </div>
  );
}
