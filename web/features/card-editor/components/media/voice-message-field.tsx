import { AudioLines, Check, Mic, RotateCcw, Square, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import { AUDIO_MAX_BYTES, MB } from '../../../../../shared/cards/card-media.ts';
import { buttonClasses } from '../../../../components/button.tsx';
import { fileTooLargeMessage, type MediaMessage } from './media-error-messages.ts';
import {
  ChooseFileButton,
  FileInput,
  MediaFieldShell,
  MediaFileCard,
  RemoveMediaButton,
  ThumbnailIcon,
  revealUnknownDuration,
  mediaIconClass,
  usePendingFocus,
} from './media-field-parts.tsx';
import { formatDuration, formatMegabytes, isFileOfKind } from './media-format.ts';
import { useObjectUrl } from '../../../../lib/use-object-url.ts';
import {
  VOICE_MESSAGE_MAX_SECONDS,
  useVoiceRecorder,
  type MicrophoneProblem,
} from '../../../../lib/media/use-media-recorder.ts';

export interface VoiceMessageFieldProps {
  /** The voice message to upload: a chosen audio file or a kept recording. It takes the place of `existingUrl`. */
  file: File | null;
  /** The card's saved voice message when editing (null when there is none or it was removed). */
  existingUrl: string | null;
  /** An audio file was chosen or a recording kept, or (null) it was removed. */
  onChange: (file: File | null) => void;
  /** The saved voice message is to be removed when the card is saved. */
  onRemoveExisting: () => void;
  /** A message from outside the field (an upload failure), already translated. */
  error?: string | null;
  disabled?: boolean;
  /** Where a recording stops by itself; 5 minutes unless told otherwise. */
  maxSeconds?: number;
}

export const MICROPHONE_PROBLEM_KEYS: Record<MicrophoneProblem, string> = {
  denied: 'cardMedia.voice.problems.denied',
  'no-microphone': 'cardMedia.voice.problems.noMicrophone',
  busy: 'cardMedia.voice.problems.busy',
  unsupported: 'cardMedia.voice.problems.unsupported',
  failed: 'cardMedia.voice.problems.failed',
};

/** The warning before the cap comes this long before it, for recordings allowed to last longer than that. */
const NEAR_LIMIT_SECONDS = 60;

/** Why a chosen file cannot be the voice message, or null. */
export function voiceFileProblem(file: Pick<File, 'type' | 'size'>): MediaMessage | null {
  if (!isFileOfKind(file, 'audio')) return { key: 'cardMedia.voice.notAudio' };
  if (file.size > AUDIO_MAX_BYTES) return fileTooLargeMessage('audio');
  return null;
}

type FocusTarget = 'record' | 'stop' | 'keep' | 'remove';

/**
 * The card's voice message: record it in the browser (Record, a running mm:ss timer, Stop, listen, then Keep,
 * Record again or Discard) or choose an audio file. Shows the name, duration and size of the kept or chosen
 * audio with a player and a remove button; when editing, the saved one as 'Existing voice message'.
 */
export function VoiceMessageField({
  file,
  existingUrl,
  onChange,
  onRemoveExisting,
  error,
  disabled,
  maxSeconds = VOICE_MESSAGE_MAX_SECONDS,
}: VoiceMessageFieldProps) {
  const { t, i18n } = useTranslation();
  const ids = { label: useId(), recordHint: useId(), fileHint: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const recorder = useVoiceRecorder(maxSeconds);
  const [fileProblem, setFileProblem] = useState<MediaMessage | null>(null);
  /** The duration of the shown audio (the file, or the saved one's URL) once known: from the recording or the player. */
  const [knownDuration, setKnownDuration] = useState<{ of: File | string; seconds: number } | null>(null);
  const focus = usePendingFocus<FocusTarget>();
  const fileUrl = useObjectUrl(file);

  const chooseFile = () => inputRef.current?.click();
  const acceptFile = (chosen: File) => {
    const found = voiceFileProblem(chosen);
    setFileProblem(found);
    recorder.clearProblem();
    if (found) return;
    focus.focusWhenShown('remove');
    onChange(chosen);
  };
  const record = () => {
    setFileProblem(null);
    focus.focusWhenShown('stop');
    void recorder.start();
  };
  const stop = () => {
    focus.focusWhenShown('keep');
    recorder.stop();
  };
  const keep = () => {
    const seconds = recorder.take?.durationSeconds;
    const kept = recorder.keep();
    if (!kept) return;
    if (seconds !== undefined) setKnownDuration({ of: kept, seconds });
    focus.focusWhenShown('remove');
    onChange(kept);
  };
  const discard = () => {
    focus.focusWhenShown('record');
    recorder.discard();
  };
  const remove = () => {
    setFileProblem(null);
    focus.focusWhenShown('record');
    if (file) onChange(null);
    else onRemoveExisting();
  };

  const { status, take } = recorder;
  // While the recorder is busy it owns the field; otherwise the chosen or saved audio does.
  const recorderBusy = status === 'recording' || status === 'recorded';
  const shownUrl = recorderBusy ? null : (fileUrl ?? existingUrl);
  const message = fileProblem
    ? t(fileProblem.key, fileProblem.values)
    : recorder.problem
      ? t(MICROPHONE_PROBLEM_KEYS[recorder.problem])
      : (error ?? null);
  const maxLabel = formatDuration(maxSeconds);
  const remaining = maxSeconds - recorder.elapsedSeconds;
  const shownSource = file ?? existingUrl;
  const shownSeconds = knownDuration && knownDuration.of === shownSource ? knownDuration.seconds : null;
  const durationDetail = shownSeconds !== null ? [formatDuration(shownSeconds)] : [];

  // What a screen reader hears: only the changes of state, never the ticking seconds (the warning before the
  // cap names a fixed time, so it is said once).
  let announcement = '';
  if (status === 'requesting') announcement = t('cardMedia.voice.waiting');
  else if (status === 'recording')
    announcement =
      maxSeconds > NEAR_LIMIT_SECONDS && remaining <= NEAR_LIMIT_SECONDS
        ? t('cardMedia.voice.announce.nearLimit', {
            remaining: formatDuration(NEAR_LIMIT_SECONDS),
            max: maxLabel,
          })
        : t('cardMedia.voice.announce.started');
  else if (status === 'recorded' && take)
    announcement = [
      take.reachedLimit ? t('cardMedia.voice.reachedLimit', { max: maxLabel }) : '',
      t('cardMedia.voice.announce.stopped', { duration: formatDuration(take.durationSeconds) }),
    ].join(' ');

  return (
    <MediaFieldShell
      labelId={ids.label}
      label={t('cardMedia.voice.label')}
      error={message}
      errorId={ids.error}
    >
      <FileInput
        inputRef={inputRef}
        accept="audio/*"
        onFile={acceptFile}
        testId="voice-file-input"
        disabled={disabled}
      />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {shownUrl ? (
        <MediaFileCard
          testId="voice-message"
          thumbnail={
            <ThumbnailIcon>
              <AudioLines className={mediaIconClass} />
            </ThumbnailIcon>
          }
          title={file ? file.name : t('cardMedia.voice.existing')}
          details={
            file
              ? [
                  ...durationDetail,
                  t('cardMedia.megabytes', { size: formatMegabytes(file.size, i18n.resolvedLanguage) }),
                ]
              : durationDetail
          }
          actions={
            <RemoveMediaButton
              buttonRef={focus.register('remove')}
              label={t('cardMedia.voice.remove')}
              onClick={remove}
              disabled={disabled}
            />
          }
        >
          <AudioPlayer
            src={shownUrl}
            label={file ? file.name : t('cardMedia.voice.existing')}
            onDuration={(seconds) => {
              if (shownSource) setKnownDuration({ of: shownSource, seconds });
            }}
          />
        </MediaFileCard>
      ) : status === 'recording' ? (
        <div
          className="rounded-2xl border-2 border-coral-200 bg-coral-50/70 p-3"
          data-testid="voice-recording"
        >
          <div className="flex flex-wrap items-center gap-3">
            <span className="relative flex size-3 shrink-0" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-coral-500 opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-3 rounded-full bg-coral-600" />
            </span>
            <span className="text-sm font-bold text-coral-800">{t('cardMedia.voice.recording')}</span>
            <span role="timer" className="text-sm font-bold text-ink tabular-nums" data-testid="voice-timer">
              {t('cardMedia.voice.elapsed', {
                elapsed: formatDuration(recorder.elapsedSeconds),
                max: maxLabel,
              })}
            </span>
            <button
              ref={focus.register('stop')}
              type="button"
              onClick={stop}
              className={buttonClasses('primary', 'md', 'ms-auto max-sm:w-full')}
            >
              <Square aria-hidden="true" className="size-4 fill-current" />
              {t('cardMedia.voice.stop')}
            </button>
          </div>
          <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-coral-100">
            <div
              className="h-full rounded-full bg-coral-500 transition-[width] duration-200"
              style={{ width: `${Math.min(100, (recorder.elapsedSeconds / maxSeconds) * 100)}%` }}
            />
          </div>
        </div>
      ) : status === 'recorded' && take ? (
        <div className="rounded-2xl border border-plum-200 bg-white p-3 shadow-xs" data-testid="voice-take">
          <p className="flex items-baseline justify-between gap-3 text-sm font-bold text-ink">
            {t('cardMedia.voice.take')}
            <span className="font-semibold text-muted tabular-nums">
              {formatDuration(take.durationSeconds)}
            </span>
          </p>
          {take.reachedLimit && (
            <p className="mt-1 text-xs font-semibold text-plum-700">
              {t('cardMedia.voice.reachedLimit', { max: maxLabel })}
            </p>
          )}
          <div className="mt-2">
            <AudioPlayer src={take.url} label={t('cardMedia.voice.take')} />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={(element) => {
                focus.register('keep')(element);
                // A take that ended at the cap removed the focused Stop button: the focus fell to the page.
                if (element && document.activeElement === document.body) element.focus();
              }}
              type="button"
              onClick={keep}
              className={buttonClasses('primary', 'md', 'max-sm:flex-1')}
            >
              <Check aria-hidden="true" className="size-4" />
              {t('cardMedia.voice.keep')}
            </button>
            <button
              type="button"
              onClick={record}
              className={buttonClasses('secondary', 'md', 'max-sm:flex-1')}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('cardMedia.voice.recordAgain')}
            </button>
            <button type="button" onClick={discard} className={buttonClasses('ghost', 'md', 'max-sm:w-full')}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('cardMedia.voice.discard')}
            </button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <ChooseFileButton
            buttonRef={focus.register('record')}
            testId="voice-record"
            icon={<Mic className={mediaIconClass} />}
            title={status === 'requesting' ? t('cardMedia.voice.waiting') : t('cardMedia.voice.record')}
            hint={t('cardMedia.voice.recordHint', { max: maxLabel })}
            hintId={ids.recordHint}
            describedBy={message ? ids.error : undefined}
            onClick={record}
            busy={status === 'requesting'}
            disabled={disabled}
          />
          <ChooseFileButton
            icon={<Upload className={mediaIconClass} />}
            title={t('cardMedia.voice.chooseFile')}
            hint={t('cardMedia.voice.fileHint', { max: AUDIO_MAX_BYTES / MB })}
            hintId={ids.fileHint}
            onClick={chooseFile}
            disabled={disabled || status === 'requesting'}
          />
        </div>
      )}
    </MediaFieldShell>
  );
}

/** An `<audio controls>` that reports the duration, also of a browser-recorded WebM (see `revealUnknownDuration`). */
function AudioPlayer({
  src,
  label,
  onDuration,
}: {
  src: string;
  label: string;
  onDuration?: (seconds: number) => void;
}) {
  return (
    <audio
      key={src}
      src={src}
      controls
      preload="metadata"
      aria-label={label}
      className="h-10 w-full"
      onLoadedMetadata={(event) => revealUnknownDuration(event.currentTarget)}
      onDurationChange={(event) => {
        const { duration } = event.currentTarget;
        if (Number.isFinite(duration) && duration > 0) onDuration?.(duration);
      }}
    />
  );
}
