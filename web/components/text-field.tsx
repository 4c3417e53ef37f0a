import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../lib/cn.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The input itself (a form library registers it). */
  ref?: Ref<HTMLInputElement>;
  /** Shown under the field and tied to it with aria-describedby; marks the field aria-invalid. */
  error?: string | null;
  hint?: string | null;
  /** Something inside the field's end edge (a show/hide toggle). */
  endAdornment?: ReactNode;
  className?: string;
  inputClassName?: string;
}

export const fieldInputClasses =
  'h-12 w-full rounded-2xl border bg-white px-4 text-base text-ink shadow-xs transition-colors placeholder:text-muted/80 hover:border-plum-300 focus:border-plum-500 disabled:opacity-60';

/** A labelled input with an optional hint and error, wired for assistive technology. */
export function TextField({
  label,
  error,
  hint,
  endAdornment,
  className,
  inputClassName,
  ...props
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            fieldInputClasses,
            error ? 'border-coral-500' : 'border-plum-200',
            endAdornment ? 'pe-12' : null,
            inputClassName,
          )}
          {...props}
        />
        {endAdornment && <div className="absolute end-1.5 top-1/2 -translate-y-1/2">{endAdornment}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      )}
    </div>
  );
}
