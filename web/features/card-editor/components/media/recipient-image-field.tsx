import { ImageOff, ImagePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/translation.tsx';
import { IMAGE_MAX_BYTES, MB } from '../../../../../shared/cards/card-media.ts';
import { fileTooLargeMessage, type MediaMessage } from './media-error-messages.ts';
import {
  ChooseFileButton,
  FileInput,
  MediaFieldShell,
  MediaFileCard,
  ReplaceAndRemoveActions,
  ThumbnailIcon,
  mediaIconClass,
  usePendingFocus,
} from './media-field-parts.tsx';
import { formatMegabytes, isFileOfKind } from './media-format.ts';
import { useObjectUrl } from '../../../../lib/use-object-url.ts';

export interface RecipientImageFieldProps {
  /** The newly chosen image, not uploaded yet. It takes the place of `existingUrl` while set. */
  file: File | null;
  /** The card's saved image when editing (null when there is none or it was removed). */
  existingUrl: string | null;
  /** An image file within the limit was chosen, or (null) the chosen one was removed. */
  onChange: (file: File | null) => void;
  /** The saved image is to be removed when the card is saved. */
  onRemoveExisting: () => void;
  /** A message from outside the field (an upload failure), already translated. */
  error?: string | null;
  disabled?: boolean;
}

/** Why a chosen file cannot be the recipient image, or null. SPEC §5: it must be an image file. */
export function recipientImageProblem(file: Pick<File, 'type' | 'size'>): MediaMessage | null {
  if (!isFileOfKind(file, 'image')) return { key: 'cardMedia.image.notImage' };
  if (file.size > IMAGE_MAX_BYTES) return fileTooLargeMessage('image');
  return null;
}

/**
 * SPEC §2 'Recipient Image' (optional, image files only): the chosen file's name and size in MB with a
 * thumbnail and a remove button; when editing, the saved image as 'Existing image'. Either can be replaced.
 */
export function RecipientImageField({
  file,
  existingUrl,
  onChange,
  onRemoveExisting,
  error,
  disabled,
}: RecipientImageFieldProps) {
  const { t, i18n } = useTranslation();
  const ids = { label: useId(), hint: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<MediaMessage | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const focus = usePendingFocus<'choose' | 'replace'>();
  const previewUrl = useObjectUrl(file);

  const choose = () => inputRef.current?.click();
  const accept = (chosen: File) => {
    const found = recipientImageProblem(chosen);
    setProblem(found);
    if (!found) {
      focus.focusWhenShown('replace');
      onChange(chosen);
    }
  };
  const remove = () => {
    setProblem(null);
    focus.focusWhenShown('choose');
    if (file) onChange(null);
    else onRemoveExisting();
  };

  const shownUrl = previewUrl ?? existingUrl;
  const message = problem ? t(problem.key, problem.values) : (error ?? null);

  return (
    <MediaFieldShell
      labelId={ids.label}
      label={t('cardMedia.image.label')}
      error={message}
      errorId={ids.error}
    >
      <FileInput
        inputRef={inputRef}
        accept="image/*"
        onFile={accept}
        testId="recipient-image-input"
        disabled={disabled}
      />
      {shownUrl ? (
        <MediaFileCard
          testId="recipient-image"
          thumbnail={
            brokenUrl === shownUrl ? (
              <ThumbnailIcon>
                <ImageOff className={mediaIconClass} />
              </ThumbnailIcon>
            ) : (
              <img
                src={shownUrl}
                alt=""
                className="size-full object-cover"
                onError={() => setBrokenUrl(shownUrl)}
              />
            )
          }
          title={file ? file.name : t('cardMedia.image.existing')}
          details={
            file
              ? [t('cardMedia.megabytes', { size: formatMegabytes(file.size, i18n.resolvedLanguage) })]
              : []
          }
          actions={
            <ReplaceAndRemoveActions
              replaceRef={focus.register('replace')}
              replaceLabel={t('cardMedia.image.replace')}
              removeLabel={t('cardMedia.image.remove')}
              onReplace={choose}
              onRemove={remove}
              disabled={disabled}
            />
          }
        />
      ) : (
        <ChooseFileButton
          buttonRef={focus.register('choose')}
          icon={<ImagePlus className={mediaIconClass} />}
          title={t('cardMedia.image.choose')}
          hint={t('cardMedia.image.hint', { max: IMAGE_MAX_BYTES / MB })}
          hintId={ids.hint}
          describedBy={message ? ids.error : undefined}
          onClick={choose}
          disabled={disabled}
        />
      )}
    </MediaFieldShell>
  );
}
