import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../lib/cn.ts';

const base =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-bold whitespace-nowrap transition-colors';
const idle = 'border-plum-200 bg-white text-plum-900 hover:border-plum-300 hover:bg-plum-50';
const pressed = 'border-plum-700 bg-plum-700 text-white shadow-sm hover:bg-plum-800';

interface ChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'> {
  pressed: boolean;
  icon?: ReactNode;
}

/** A toggle chip (filters); exposes its state with aria-pressed. */
export function Chip({
  pressed: isPressed,
  icon,
  className,
  children,
  type = 'button',
  ...props
}: ChipProps) {
  return (
    <button
      type={type}
      aria-pressed={isPressed}
      className={cn(base, isPressed ? pressed : idle, className)}
      {...props}
    >
      {icon}
      {children}
    </button>
  );
}

interface ChipLinkProps extends LinkProps {
  icon?: ReactNode;
}

/** A chip that navigates (e.g. "Browse by style"). */
export function ChipLink({ icon, className, children, ...props }: ChipLinkProps) {
  return (
    <Link className={cn(base, idle, typeof className === 'string' ? className : undefined)} {...props}>
      {icon}
      {children}
    </Link>
  );
}

/** A horizontal row of chips that scrolls on small screens and wraps on wide ones. */
export function ChipRow({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0',
        className,
      )}
    >
      {children}
    </div>
  );
}
