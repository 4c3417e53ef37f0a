import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-plum-700 text-white shadow-sm hover:bg-plum-800 active:bg-plum-900',
  secondary: 'border border-plum-200 bg-white text-plum-800 shadow-xs hover:border-plum-300 hover:bg-plum-50',
  ghost: 'text-plum-800 hover:bg-plum-100/70',
  inverse: 'bg-white text-plum-800 shadow-sm hover:bg-plum-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm gap-1.5',
  md: 'h-10 px-4.5 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-full font-bold whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work under way: the button is disabled, says it is busy and shows a spinner before its label. */
  pending?: boolean;
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  pending = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner className="size-5 text-current" />}
      {children}
    </button>
  );
}
