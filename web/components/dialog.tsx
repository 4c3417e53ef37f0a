import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the rest of the page inert (the focus
 * stays inside), Esc closes it, and focus returns to where it was when it closes.
 */
export function Dialog({ open, onClose, labelledBy, describedBy, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault(); // Esc: let the owner decide, so React state stays the source of truth.
        // A dialog opened from another one is its React child: Esc closes only the one on top.
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // A click on the backdrop.
      }}
      className={cn(
        'dialog-pop m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] overflow-hidden rounded-3xl bg-white p-0 text-ink shadow-2xl',
        'backdrop:bg-plum-950/60 backdrop:backdrop-blur-sm',
        className,
      )}
    >
      {children}
    </dialog>
  );
}
