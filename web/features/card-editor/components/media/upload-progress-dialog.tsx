import { AudioLines, Check, CircleAlert, Film, Image as ImageIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import type { CardMediaKind } from '../../../../../shared/cards/card-media.ts';
import { UPLOAD_RULES } from '../../../../../shared/cards/card-media.ts';
import { Button } from '../../../../components/button.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { cn } from '../../../../lib/cn.ts';
import { compressionSavedPercent, formatMegabytes, formatPercent } from './media-format.ts';

export const UPLOAD_STEPS = ['compressing', 'uploading', 'complete', 'error'] as const;
/** The dialog's step (SPEC §4 "Video upload dialog steps"): compressing, uploading, complete, or the error step. */
export type UploadStep = (typeof UPLOAD_STEPS)[number];

/**
 * Where one file is. Images and voice messages go from `waiting` straight to `uploading` (SPEC §7: they are
 * uploaded uncompressed); a video passes through `compressing` when SPEC §5 says it must be compressed.
 */
export const UPLOAD_ITEM_PHASES = ['waiting', 'compressing', 'uploading', 'done', 'error'] as const;
export type UploadItemPhase = (typeof UPLOAD_ITEM_PHASES)[number];

/** One file of the save, as the dialog shows it. */
export interface UploadItem {
  /** Stable key of the row (the media kind is enough: a card has at most one file of each). */
  id: string;
  kind: CardMediaKind;
  fileName: string;
  /** Size of the chosen file in bytes. */
  originalSize: number;
  /** Size after compression in bytes, once known (SPEC §3 Compression result); absent when not compressed. */
  compressedSize?: number;
  /** What the compression should come to, shown until `compressedSize` is known. */
  expectedSize?: number;
  phase: UploadItemPhase;
  /** Progress of the current phase (compression or upload), from 0 to 1. */
  progress: number;
  /** The current upload attempt, from 1; shown from the second attempt on (SPEC §9: 3 attempts). */
  attempt?: number;
}

export interface UploadProgressDialogProps {
  open: boolean;
  items: UploadItem[];
  step: UploadStep;
  /** The error step's message, already translated (see media-error-messages.ts). */
  error?: string | null;
  /** A note that does not stop the save, e.g. why the original video is uploaded uncompressed. */
  notice?: string | null;
  /** Cancel, offered while compressing or uploading. */
  onCancel: () => void;
  /** Close, offered on the error step. */
  onClose: () => void;
}

/** The steps shown in the step indicator; the error step replaces it. */
export const PROGRESS_STEPS = ['compressing', 'uploading', 'complete'] as const;
type ProgressStep = (typeof PROGRESS_STEPS)[number];

const KIND_ICONS: Record<CardMediaKind, typeof Film> = { image: ImageIcon, video: Film, audio: AudioLines };

/**
 * SPEC §2/§4's progress dialog over compression and upload: the steps (compressing is left out when no video
 * is compressed), each file with its name, size, the compression saving and a progress bar, then 'complete'
 * while the editor goes on to the overview by itself, or the error and Close. Cancel while working. Esc and a
 * click beside it do nothing while working, so a long upload is not thrown away by accident; Cancel is
 * explicit.
 */
export function UploadProgressDialog({
  open,
  items,
  step,
  error,
  notice,
  onCancel,
  onClose,
}: UploadProgressDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const statusId = useId();
  const working = step === 'compressing' || step === 'uploading';
  const compresses =
    step === 'compressing' ||
    items.some((item) => item.compressedSize !== undefined || item.phase === 'compressing');
  const steps = PROGRESS_STEPS.filter((candidate) => candidate !== 'compressing' || compresses);

  const dismiss = () => {
    if (step === 'error') onClose();
  };

  return (
    <Dialog open={open} onClose={dismiss} labelledBy={titleId} describedBy={statusId} className="max-w-lg">
      <div
        className="flex max-h-[calc(100dvh-2rem)] flex-col"
        data-testid="upload-progress-dialog"
        data-step={step}
      >
        <div className="overflow-y-auto p-6 sm:p-7">
          <div className="flex items-center gap-3">
            <StepBadge step={step} />
            <h2 id={titleId} className="text-xl font-black text-ink">
              {t(`cardMedia.progress.title.${step}`)}
            </h2>
          </div>
          {/* Said once per step, never per percent. */}
          <p id={statusId} aria-live="polite" className="mt-1 text-sm text-muted">
            {t(`cardMedia.progress.status.${step}`)}
          </p>
          {notice && step !== 'error' && (
            <p
              data-testid="upload-notice"
              className="mt-3 rounded-2xl bg-plum-50 px-3 py-2 text-sm text-plum-900"
            >
              {notice}
            </p>
          )}

          {step !== 'error' && (
            <ol aria-label={t('cardMedia.progress.stepsLabel')} className="mt-5 flex items-center gap-2">
              {steps.map((candidate, index) => (
                <StepPill
                  key={candidate}
                  label={t(`cardMedia.progress.steps.${candidate}`)}
                  state={stepState(candidate, step, steps)}
                  last={index === steps.length - 1}
                />
              ))}
            </ol>
          )}

          {step === 'error' && error && (
            <p
              role="alert"
              className="mt-4 flex items-start gap-2 rounded-2xl bg-coral-50 px-3 py-2 text-sm font-semibold text-coral-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          )}

          <ul aria-label={t('cardMedia.progress.filesLabel')} className="mt-5 space-y-3">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        </div>

        {step !== 'complete' && (
          <div className="flex justify-end gap-3 border-t border-plum-100 px-6 py-4 sm:px-7">
            {working && (
              <Button variant="secondary" size="lg" className="min-w-32 max-sm:w-full" onClick={onCancel}>
                {t('cardMedia.progress.cancel')}
              </Button>
            )}
            {step === 'error' && (
              <Button size="lg" className="min-w-32 max-sm:w-full" onClick={onClose}>
                {t('common.close')}
              </Button>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}

function stepState(candidate: ProgressStep, current: UploadStep, steps: readonly ProgressStep[]) {
  if (current === 'complete') return 'done';
  const at = steps.indexOf(current as ProgressStep);
  const index = steps.indexOf(candidate);
  if (index < at) return 'done';
  return index === at ? 'current' : 'upcoming';
}

function StepBadge({ step }: { step: UploadStep }) {
  if (step === 'complete')
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <Check aria-hidden="true" className="size-5" />
      </span>
    );
  if (step === 'error')
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-600">
        <CircleAlert aria-hidden="true" className="size-5" />
      </span>
    );
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-plum-100">
      <Spinner className="size-5" />
    </span>
  );
}

function StepPill({
  label,
  state,
  last,
}: {
  label: string;
  state: 'done' | 'current' | 'upcoming';
  last: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className={cn('flex min-w-0 items-center gap-2', !last && 'flex-1')}
    >
      <span
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-xs font-bold',
          state === 'done' && 'bg-emerald-50 text-emerald-800',
          state === 'current' && 'bg-plum-700 text-white',
          state === 'upcoming' && 'bg-plum-50 text-muted',
        )}
      >
        {state === 'done' && <Check aria-hidden="true" className="size-3.5" />}
        {label}
        {state === 'done' && <span className="sr-only">{t('cardMedia.progress.stepDone')}</span>}
      </span>
      {!last && (
        <span
          aria-hidden="true"
          className={cn(
            'h-0.5 min-w-3 flex-1 rounded-full',
            state === 'done' ? 'bg-emerald-300' : 'bg-plum-100',
          )}
        />
      )}
    </li>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const labelId = useId();
  const Icon = KIND_ICONS[item.kind];
  const fraction =
    item.phase === 'done' ? 1 : item.phase === 'waiting' ? 0 : Math.min(1, Math.max(0, item.progress || 0));
  const percent = formatPercent(fraction, language);
  const phaseLabel =
    item.phase === 'compressing' || item.phase === 'uploading'
      ? t(`cardMedia.progress.phase.${item.phase}`, { percent })
      : t(`cardMedia.progress.phase.${item.phase}`);

  const original = formatMegabytes(item.originalSize, language);
  const sizeText =
    item.compressedSize !== undefined
      ? t('cardMedia.progress.sizeChange', {
          original,
          compressed: formatMegabytes(item.compressedSize, language),
        })
      : item.expectedSize !== undefined
        ? t('cardMedia.progress.sizeExpected', {
            original,
            compressed: formatMegabytes(item.expectedSize, language),
          })
        : t('cardMedia.megabytes', { size: original });
  const saved =
    item.compressedSize !== undefined ? compressionSavedPercent(item.originalSize, item.compressedSize) : 0;

  return (
    <li
      className="rounded-2xl border border-plum-100 bg-white p-3"
      data-testid={`upload-item-${item.kind}`}
      data-phase={item.phase}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            item.phase === 'error' ? 'bg-coral-100 text-coral-700' : 'bg-plum-100 text-plum-700',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-3">
            <p
              id={labelId}
              className="min-w-0 flex-1 truncate text-start text-sm font-bold text-ink"
              title={item.fileName}
            >
              <span className="sr-only">{t(`cardMedia.progress.kind.${item.kind}`)}: </span>
              <bdi>{item.fileName}</bdi>
            </p>
            <p
              className={cn(
                'shrink-0 text-xs font-bold tabular-nums',
                item.phase === 'error'
                  ? 'text-coral-700'
                  : item.phase === 'done'
                    ? 'text-emerald-700'
                    : 'text-plum-700',
              )}
            >
              {phaseLabel}
            </p>
          </div>
          <p className="mt-0.5 text-xs text-muted tabular-nums">
            {sizeText}
            {saved > 0 && (
              <span className="font-bold text-emerald-700">
                {' · '}
                {t('cardMedia.progress.smaller', { percent: formatPercent(saved / 100, language) })}
              </span>
            )}
            {item.attempt !== undefined && item.attempt > 1 && item.phase === 'uploading' && (
              <span className="font-semibold text-plum-700">
                {' · '}
                {t('cardMedia.progress.attempt', { attempt: item.attempt, total: UPLOAD_RULES.attempts })}
              </span>
            )}
          </p>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(fraction * 100)}
            aria-valuetext={phaseLabel}
            className="mt-2 h-2 overflow-hidden rounded-full bg-plum-100"
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none',
                item.phase === 'error'
                  ? 'bg-coral-500'
                  : item.phase === 'done'
                    ? 'bg-emerald-500'
                    : 'bg-plum-600',
              )}
              style={{ width: `${fraction * 100}%` }}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
