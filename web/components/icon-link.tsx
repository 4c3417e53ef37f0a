import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../lib/cn.ts';
import { iconButtonBase, iconButtonOutlined } from './icon-button.tsx';

interface IconLinkProps extends Omit<LinkProps, 'children'> {
  label: string;
  icon: ReactNode;
  outline?: boolean;
}

export function IconLink({ label, icon, outline, className, ...props }: IconLinkProps) {
  return (
    <Link
      aria-label={label}
      title={label}
      className={cn(
        iconButtonBase,
        outline && iconButtonOutlined,
        typeof className === 'string' ? className : undefined,
      )}
      {...props}
    >
      {icon}
    </Link>
  );
}
