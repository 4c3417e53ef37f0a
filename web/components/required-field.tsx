import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A required form field around any control: its label with the required mark (and an optional action at the
 * end of the label's line), the control, and the error under it (announced, and tied to the control by
 * `errorId` through the control's aria-describedby).
 */
export function RequiredField({
  label,
  htmlFor,
  error,
  errorId,
  action,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | null;
  errorId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const labelElement = (
    <label htmlFor={htmlFor} className="text-sm font-bold text-ink">
      {label}
      <span aria-hidden="true" className="text-coral-600">
        {' *'}
      </span>
    </label>
  );
  return (
    <div className="flex flex-col gap-1.5">
      {action ? (
        <div className="flex items-end justify-between gap-3">
          {labelElement}
          {action}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** A field's error message, announced when it appears. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-coral-700">
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </p>
  );
}
