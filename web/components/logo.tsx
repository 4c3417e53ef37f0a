import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The Winc mark: a folded card whose crease draws a "W", with a sparkle, on a plum-to-coral tile.
 * Decorative; the wordmark next to it carries the name.
 */
export function LogoMark({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8', className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c2a68" />
          <stop offset="0.6" stopColor="#b24d9a" />
          <stop offset="1" stopColor="#fb6340" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M7.5 11.5 11.2 22l4.8-7.4 4.8 7.4 3.7-10.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M24.5 4.8c.35 1.6.95 2.2 2.5 2.5-1.55.35-2.15.95-2.5 2.5-.35-1.55-.95-2.15-2.5-2.5 1.55-.3 2.15-.9 2.5-2.5Z"
        fill="#ffe8e1"
      />
    </svg>
  );
}

/** Mark + wordmark. The brand name is not translated. */
export function Logo({ className, inverse }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span
        lang="en"
        className={cn(
          'text-[1.4rem] leading-none font-black tracking-tight',
          inverse ? 'text-white' : 'text-plum-900',
        )}
      >
        Winc
      </span>
    </span>
  );
}
