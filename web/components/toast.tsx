import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { cn } from '../lib/cn.ts';

/**
 * Short-lived notices ('Signed in successfully!', 'Account updated!'). A tiny module store, so any screen can
 * announce something right before it navigates away and the notice still shows on the next page.
 */

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

const DURATION_MS: Record<ToastTone, number> = { success: 4_000, info: 5_000, error: 7_000 };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): ToastItem[] {
  return toasts;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a notice; the same message is not stacked twice. */
export function showToast(message: string, tone: ToastTone = 'success'): void {
  toasts = [...toasts.filter((toast) => toast.message !== message), { id: nextId++, message, tone }].slice(
    -3,
  );
  emit();
}

const toneClasses: Record<ToastTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-coral-300 bg-coral-50 text-coral-900',
  info: 'border-plum-200 bg-white text-plum-900',
};

function ToastView({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), DURATION_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.tone]);
  const Icon = toast.tone === 'success' ? CircleCheck : toast.tone === 'error' ? CircleAlert : Info;
  return (
    <div
      data-testid="toast"
      data-tone={toast.tone}
      className={cn(
        'toast-rise pointer-events-auto mt-3 flex w-full items-start gap-3 rounded-2xl border px-4 py-3 shadow-card-hover sm:mt-2',
        toneClasses[toast.tone],
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 text-sm font-bold">{toast.message}</p>
      {/* Out of the tab order: a notice goes by itself, and a keyboard's way through the page never
          passes through it. */}
      <button
        type="button"
        tabIndex={-1}
        aria-label={t('common.close')}
        onClick={() => dismissToast(toast.id)}
        className="-me-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full opacity-70 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where notices appear, covering no control. On a phone: under the header, in the page's flow (the page moves
 * down for it; at the top of the screen it covered the page's title and back button, at the bottom the
 * first screen's main buttons, such as Overview's Edit and Share), and held under the header while the page
 * scrolls. Wider: in the bottom end corner, beside the page's centred column. Rendered right after the header.
 * Errors are announced assertively.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  const region = (tone: 'error' | 'other') =>
    items
      .filter((toast) => (toast.tone === 'error') === (tone === 'error'))
      .map((toast) => <ToastView key={toast.id} toast={toast} />);
  return (
    <div className="pointer-events-none sticky top-14 z-30 px-4 sm:fixed sm:inset-x-0 sm:top-auto sm:bottom-[max(1.5rem,env(safe-area-inset-bottom))] sm:z-50 sm:flex sm:justify-end sm:px-6">
      <div className="mx-auto w-full max-w-sm sm:mx-0">
        <div role="status" aria-live="polite">
          {region('other')}
        </div>
        <div role="alert" aria-live="assertive">
          {region('error')}
        </div>
      </div>
    </div>
  );
}
