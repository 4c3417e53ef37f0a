import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export const iconButtonBase =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-plum-800 transition-colors hover:bg-plum-100/70 active:bg-plum-100';
export const iconButtonOutlined =
  'border border-plum-200 bg-white shadow-xs hover:border-plum-300 hover:bg-plum-50';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Required: an icon-only button needs an accessible name. */
  label: string;
  icon: ReactNode;
  outline?: boolean;
}

export function IconButton({ label, icon, outline, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(iconButtonBase, outline && iconButtonOutlined, className)}
      {...props}
    >
      {icon}
    </button>
  );
}
