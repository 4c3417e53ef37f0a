import { CircleAlert, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import { buttonClasses } from '../../../../components/button.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { cn } from '../../../../lib/cn.ts';

/**
 * The building blocks the three media fields share, in the editor modal's visual language: a labelled group,
 * a wide "choose a file" button over a hidden file input, a card for the chosen or saved file, and the error.
 */

/** A labelled group ("Recipient Image", optional) holding one media field. */
export function MediaFieldShell({
  labelId,
  label,
  error,
  errorId,
  children,
}: {
  labelId: string;
  label: string;
  error: string | null;
  errorId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-1.5"
    >
      <p className="flex items-baseline gap-2 text-sm font-bold text-ink">
        <span id={labelId}>{label}</span>
        <span className="text-xs font-semibold text-muted">{t('cardMedia.optional')}</span>
      </p>
      {children}
      {error && <MediaFieldError id={errorId}>{error}</MediaFieldError>}
    </div>
  );
}

export function MediaFieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 flex items-start gap-1.5 text-sm font-semibold text-coral-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * A hidden `<input type="file">` opened by a visible button, so the button shows the app's focus ring and the
 * input can still be driven by tests (`setInputFiles`). The input is cleared after each choice so choosing the
 * same file again (after removing it) still reports it.
 */
export function FileInput({
  inputRef,
  accept,
  onFile,
  testId,
  disabled,
}: {
  inputRef: Ref<HTMLInputElement>;
  accept: string;
  onFile: (file: File) => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      hidden
      tabIndex={-1}
      disabled={disabled}
      data-testid={testId}
      onChange={(event) => {
        const chosen = event.target.files?.[0];
        event.target.value = '';
        if (chosen) onFile(chosen);
      }}
    />
  );
}

/**
 * The empty state: a wide dashed button with an icon, a title and a hint (the hint describes the button).
 * `busy` keeps it focusable but inert (`aria-disabled`), so the focus is not lost while the browser asks for
 * the microphone, and shows a spinner.
 */
export function ChooseFileButton({
  buttonRef,
  icon,
  title,
  hint,
  hintId,
  describedBy,
  onClick,
  disabled,
  busy,
  testId,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  icon: ReactNode;
  title: string;
  hint: string;
  hintId: string;
  describedBy?: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={busy ? undefined : onClick}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
      data-testid={testId}
      className={cn(
        'flex min-h-16 w-full items-center gap-3 rounded-2xl border-2 border-dashed border-plum-200 bg-white px-4 py-3 text-start transition-colors hover:border-plum-400 hover:bg-plum-50/60 disabled:pointer-events-none disabled:opacity-60',
        busy && 'cursor-progress',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-plum-100 text-plum-700"
      >
        {busy ? <Spinner className="size-5 text-plum-700" /> : icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-bold text-plum-800">{title}</span>
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      </span>
    </button>
  );
}

/**
 * A small secondary action inside a file card ("Replace"). `label` names it fully for assistive technology
 * ("Replace image"); it must contain the visible text, which phones hide behind the icon.
 */
export function MediaActionButton({
  buttonRef,
  label,
  onClick,
  icon,
  children,
  disabled,
  className,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  label?: string;
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={buttonClasses('secondary', 'sm', className)}
    >
      {icon}
      {children}
    </button>
  );
}

/** The icon-only remove action of a file card; coral, as it discards something. */
export function RemoveMediaButton({
  buttonRef,
  label,
  onClick,
  disabled,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-coral-700 transition-colors hover:bg-coral-50 active:bg-coral-100 disabled:pointer-events-none disabled:opacity-50"
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </button>
  );
}

/** The Replace and Remove actions of a chosen or saved image or video. */
export function ReplaceAndRemoveActions({
  replaceRef,
  replaceLabel,
  removeLabel,
  onReplace,
  onRemove,
  disabled,
}: {
  replaceRef?: Ref<HTMLButtonElement>;
  replaceLabel: string;
  removeLabel: string;
  onReplace: () => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MediaActionButton
        buttonRef={replaceRef}
        label={replaceLabel}
        onClick={onReplace}
        disabled={disabled}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
      >
        <span className="max-sm:sr-only">{t('cardMedia.replace')}</span>
      </MediaActionButton>
      <RemoveMediaButton label={removeLabel} onClick={onRemove} disabled={disabled} />
    </>
  );
}

/**
 * The chosen or saved file: a preview (thumbnail or icon), its name or "Existing …", the details (size,
 * duration), and the actions; an optional player below.
 */
export function MediaFileCard({
  thumbnail,
  title,
  details,
  actions,
  status,
  children,
  testId,
}: {
  thumbnail: ReactNode;
  title: string;
  /** Size, duration…: shown after the title, separated by a middle dot. */
  details: string[];
  actions: ReactNode;
  /** What is happening to the file now (its compression), on a line of its own so it is never cut. */
  status?: string | null;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="rounded-2xl border border-plum-200 bg-white p-2 shadow-xs">
      <div className="flex items-center gap-3">
        <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-plum-100 text-plum-700">
          {thumbnail}
        </div>
        <div className="min-w-0 flex-1">
          {/* <bdi>: a Latin file name keeps its own direction but the line still follows the page's (RTL). */}
          <p className="truncate text-start text-sm font-bold text-ink" title={title}>
            <bdi>{title}</bdi>
          </p>
          {details.length > 0 && (
            <p className="truncate text-xs text-muted tabular-nums" data-testid="media-details">
              {details.join(' · ')}
            </p>
          )}
          {status && (
            <p className="text-xs font-semibold text-plum-700 tabular-nums" data-testid="media-status">
              {status}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">{actions}</div>
      </div>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

/**
 * Moves the focus to an element once it is on screen: after "Remove" the file card (and its focused button)
 * disappears, and the "choose" button that replaces it takes the focus so keyboard users do not lose their place.
 */
export function usePendingFocus<Key extends string>() {
  const targets = useRef(new Map<Key, HTMLElement>());
  const pending = useRef<Key | null>(null);
  useEffect(() => {
    const key = pending.current;
    if (!key) return;
    const element = targets.current.get(key);
    if (element?.isConnected) {
      element.focus();
      pending.current = null;
    }
  });
  return {
    /** A callback ref registering the element that `focusWhenShown(key)` focuses. */
    register:
      (key: Key) =>
      (element: HTMLElement | null): void => {
        if (element) targets.current.set(key, element);
        else targets.current.delete(key);
      },
    focusWhenShown: (key: Key): void => {
      pending.current = key;
    },
  };
}

export const mediaIconClass = 'size-5';

/** Thumbnail content when there is no picture to show. */
export function ThumbnailIcon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex size-full items-center justify-center', className)}>
      {children}
    </span>
  );
}

/**
 * Browser recordings (MediaRecorder's WebM) carry no duration, so a player shows "0:00" or "Infinity" until it
 * has read the whole file. Seeking far past the end makes it do so; the position then goes back to the start.
 * For `onLoadedMetadata` of an `<audio>` or `<video>`.
 */
export function revealUnknownDuration(element: HTMLMediaElement): void {
  if (Number.isFinite(element.duration)) return;
  const rewind = () => {
    element.removeEventListener('timeupdate', rewind);
    element.currentTime = 0;
  };
  element.addEventListener('timeupdate', rewind);
  element.currentTime = Number.MAX_SAFE_INTEGER;
}
