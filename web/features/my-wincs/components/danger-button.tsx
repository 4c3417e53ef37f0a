import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

const base =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full px-4.5 text-sm font-bold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50';
const tones = {
  solid: 'bg-coral-700 text-white shadow-sm hover:bg-coral-800 active:bg-coral-900',
  outline: 'border border-coral-200 bg-white text-coral-800 hover:border-coral-300 hover:bg-coral-50',
};

/** A destructive action (Delete), coral like the account's delete; `pending` disables it with a spinner. */
export function DangerButton({
  tone = 'outline',
  pending = false,
  className,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof tones; pending?: boolean }) {
  return (
    <button
      type={type}
      className={cn(base, tones[tone], className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner className="size-4 text-current" />}
      {children}
    </button>
  );
}
