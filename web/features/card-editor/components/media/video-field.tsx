import { Film, Video } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import { MB, VIDEO_MAX_BYTES } from '../../../../../shared/cards/card-media.ts';
import {
  ChooseFileButton,
  FileInput,
  MediaFieldShell,
  MediaFileCard,
  ReplaceAndRemoveActions,
  ThumbnailIcon,
  mediaIconClass,
  revealUnknownDuration,
  usePendingFocus,
} from './media-field-parts.tsx';
import { formatMegabytes, formatPercent, isFileOfKind } from './media-format.ts';
import { useObjectUrl } from '../../../../lib/use-object-url.ts';
import type { VideoPreparationState } from '../../hooks/use-video-preparation.ts';

export interface VideoFieldProps {
  /** The newly chosen video, not compressed or uploaded yet. It takes the place of `existingUrl` while set. */
  file: File | null;
  /** The card's saved video when editing (null when there is none or it was removed). */
  existingUrl: string | null;
  /** A video file within SPEC's 30 MB was chosen, or (null) the chosen one was removed. */
  onChange: (file: File | null) => void;
  /** The saved video is to be removed when the card is saved. */
  onRemoveExisting: () => void;
  /**
   * SPEC §5: a video over 30 MB is refused; the field does not take it and hands it here (the owner shows the
   * file-too-large dialog with its size).
   */
  onTooLarge: (file: File) => void;
  /** The chosen video's compression, which starts as soon as it is chosen (absent: it is sent as it is). */
  compression?: VideoPreparationState | null;
  /** A message from outside the field (a compression or upload failure), already translated. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The card's video: choose a video file, see its name, size in MB and a muted preview, remove it; when editing,
 * the saved one as 'Existing video'. A video SPEC §5 compresses is compressed from the moment it is chosen: the
 * field shows how far it is and the expected size, then the final one.
 */
export function VideoField({
  file,
  existingUrl,
  onChange,
  onRemoveExisting,
  onTooLarge,
  compression,
  error,
  disabled,
}: VideoFieldProps) {
  const { t, i18n } = useTranslation();
  const ids = { label: useId(), hint: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [notVideo, setNotVideo] = useState(false);
  const focus = usePendingFocus<'choose' | 'replace'>();
  const previewUrl = useObjectUrl(file);

  const choose = () => inputRef.current?.click();
  const accept = (chosen: File) => {
    const isVideo = isFileOfKind(chosen, 'video');
    setNotVideo(!isVideo);
    if (!isVideo) return;
    if (chosen.size > VIDEO_MAX_BYTES) {
      onTooLarge(chosen);
      return;
    }
    focus.focusWhenShown('replace');
    onChange(chosen);
  };
  const remove = () => {
    setNotVideo(false);
    focus.focusWhenShown('choose');
    if (file) onChange(null);
    else onRemoveExisting();
  };

  const shownUrl = previewUrl ?? existingUrl;
  const message = notVideo ? t('cardMedia.video.notVideo') : (error ?? null);

  return (
    <MediaFieldShell
      labelId={ids.label}
      label={t('cardMedia.video.label')}
      error={message}
      errorId={ids.error}
    >
      <FileInput
        inputRef={inputRef}
        accept="video/*"
        onFile={accept}
        testId="video-input"
        disabled={disabled}
      />
      {shownUrl ? (
        <MediaFileCard
          testId="video"
          thumbnail={
            <ThumbnailIcon>
              <Film className={mediaIconClass} />
            </ThumbnailIcon>
          }
          title={file ? file.name : t('cardMedia.video.existing')}
          details={
            file
              ? [t('cardMedia.megabytes', { size: formatMegabytes(file.size, i18n.resolvedLanguage) })]
              : []
          }
          status={file ? compressionStatus(compression, t, i18n.resolvedLanguage) : null}
          actions={
            <ReplaceAndRemoveActions
              replaceRef={focus.register('replace')}
              replaceLabel={t('cardMedia.video.replace')}
              removeLabel={t('cardMedia.video.remove')}
              onReplace={choose}
              onRemove={remove}
              disabled={disabled}
            />
          }
        >
          {/* Muted so the preview never plays sound on its own; the controls let the sender check the clip. */}
          <video
            key={shownUrl}
            src={shownUrl}
            muted
            controls
            playsInline
            preload="metadata"
            onLoadedMetadata={(event) => revealUnknownDuration(event.currentTarget)}
            aria-label={file ? file.name : t('cardMedia.video.existing')}
            className="aspect-video max-h-56 w-full rounded-xl bg-plum-950 object-contain"
          />
        </MediaFileCard>
      ) : (
        <ChooseFileButton
          buttonRef={focus.register('choose')}
          icon={<Video className={mediaIconClass} />}
          title={t('cardMedia.video.choose')}
          hint={t('cardMedia.video.hint', { max: VIDEO_MAX_BYTES / MB })}
          hintId={ids.hint}
          describedBy={message ? ids.error : undefined}
          onClick={choose}
          disabled={disabled}
        />
      )}
    </MediaFieldShell>
  );
}

/** While compressing: how far, and the size it should end at; then the final size. */
function compressionStatus(
  compression: VideoPreparationState | null | undefined,
  t: (key: string, values?: Record<string, string>) => string,
  language: string | undefined,
): string | null {
  if (!compression) return null;
  if (compression.phase === 'compressed' && compression.finalSize !== null)
    return t('cardMedia.video.compressed', { size: formatMegabytes(compression.finalSize, language) });
  if (compression.phase !== 'compressing') return null;
  const percent = formatPercent(compression.progress, language);
  return compression.expectedSize === null
    ? t('cardMedia.video.compressing', { percent })
    : t('cardMedia.video.compressingTo', {
        percent,
        size: formatMegabytes(compression.expectedSize, language),
      });
}
