import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { CardMediaKind } from '../../../../shared/cards/card-media.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import {
  decideVideoCompression,
  isAbortError,
  toVideoCompressionError,
  VIDEO_COMPRESSION_MIN_BYTES,
  VIDEO_COMPRESSION_FORCED_ABOVE_BYTES,
} from '../../../../shared/cards/video-compression.ts';
import { cardKeys, removeCardMedia } from '../../../lib/cards-api.ts';
import { isMobileDevice } from '../../../lib/device.ts';
import { compressVideo } from '../../../lib/media/compress-video.ts';
import { readVideoMetadata } from '../../../lib/media/read-video-metadata.ts';
import { uploadCardMedia, uploadFingerprint } from '../../../lib/uploads/card-media-upload.ts';
import { removePendingUpload, savePendingUpload } from '../../../lib/uploads/pending-uploads.ts';
import { UploadError } from '../../../lib/uploads/upload-error.ts';
import {
  compressionErrorMessage,
  storageErrorMessage,
  uploadRetryFailedMessage,
  type MediaMessage,
} from '../components/media/media-error-messages.ts';
import type { UploadItem, UploadStep } from '../components/media/upload-progress-dialog.tsx';
import type { mediaChanges } from '../lib/media-edits.ts';

type Changes = ReturnType<typeof mediaChanges>;

export interface MediaSave {
  /** Runs the changes on the saved card; the card with its files, or null when cancelled or failed. */
  run: (cardId: string, changes: Changes) => Promise<Card | null>;
  cancel: () => void;
  /** The progress dialog's state (SPEC §2/§4: compressing → uploading → complete, or the error step). */
  dialog: {
    open: boolean;
    items: UploadItem[];
    step: UploadStep;
    error: string | null;
    notice: string | null;
  };
  closeDialog: () => void;
}

/** Only a 5–10 MB video needs its size read to decide (SPEC §5). */
async function needsCompression(file: File): Promise<boolean> {
  const between =
    file.size > VIDEO_COMPRESSION_MIN_BYTES && file.size <= VIDEO_COMPRESSION_FORCED_ABOVE_BYTES;
  const metadata = between ? await readVideoMetadata(file) : null;
  return (
    decideVideoCompression({ size: file.size, width: metadata?.width, height: metadata?.height }) ===
    'compress'
  );
}

/**
 * Saving a card's files after its text (SPEC §2 progress dialog): removals, then the video compressed in the
 * browser when SPEC §5 says so (a failed compression uploads the original, which is ≤ 30 MB by then), then
 * each file uploaded (resumable above 256 KB, retried, resumed). Cancel stops whatever runs.
 */
export function useMediaSave(): MediaSave {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<MediaSave['dialog']>({
    open: false,
    items: [],
    step: 'uploading',
    error: null,
    notice: null,
  });
  const controller = useRef<AbortController | null>(null);
  const say = useCallback((message: MediaMessage) => t(message.key, message.values), [t]);

  const patchItem = (kind: CardMediaKind, patch: Partial<UploadItem>) =>
    setDialog((current) => ({
      ...current,
      items: current.items.map((item) => (item.kind === kind ? { ...item, ...patch } : item)),
    }));

  const run = useCallback(
    async (cardId: string, changes: Changes): Promise<Card | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const { signal } = abort;
      setDialog({
        open: changes.uploads.length > 0,
        items: changes.uploads.map(({ kind, file }) => ({
          id: kind,
          kind,
          fileName: file.name,
          originalSize: file.size,
          phase: 'waiting',
          progress: 0,
        })),
        step: 'uploading',
        error: null,
        notice: null,
      });
      let card: Card | null = null;
      let current: CardMediaKind | null = null;
      try {
        for (const kind of changes.removals) card = await removeCardMedia(cardId, kind);

        const files = new Map(changes.uploads.map(({ kind, file }) => [kind, file]));
        const video = files.get('video');
        if (video && (await needsCompression(video))) {
          current = 'video';
          setDialog((state) => ({ ...state, step: 'compressing' }));
          patchItem('video', { phase: 'compressing', progress: 0 });
          try {
            const result = await compressVideo(video, {
              signal,
              onProgress: (fraction) => patchItem('video', { progress: fraction }),
            });
            files.set('video', result.file);
            patchItem('video', { compressedSize: result.compressedSize, progress: 1 });
          } catch (error) {
            if (isAbortError(error) || signal.aborted) throw error;
            // SPEC §5: the original (≤ 30 MB) is uploaded when compression fails; the sender is told why.
            const failure = toVideoCompressionError(error);
            setDialog((state) => ({
              ...state,
              notice: say(compressionErrorMessage(failure.code, failure.reason)),
            }));
          }
        }

        setDialog((state) => ({ ...state, step: 'uploading' }));
        for (const { kind } of changes.uploads) {
          current = kind;
          const file = files.get(kind)!;
          patchItem(kind, { phase: 'uploading', progress: 0 });
          // Kept until the server has it, so a reload or a closed tab does not lose it (PendingUploadsResumer).
          const fingerprint = uploadFingerprint({ cardId, kind, file, fileName: file.name });
          await savePendingUpload({
            fingerprint,
            cardId,
            kind,
            fileName: file.name,
            file,
            savedAt: Date.now(),
          });
          card = await uploadCardMedia({
            cardId,
            kind,
            file,
            fileName: file.name,
            isMobile: isMobileDevice(),
            signal,
            onProgress: (sent, total) => patchItem(kind, { progress: total > 0 ? sent / total : 1 }),
            onRetry: (attempt) => patchItem(kind, { attempt }),
          }).finally(() => removePendingUpload(fingerprint));
          patchItem(kind, { phase: 'done', progress: 1 });
        }
        if (card) queryClient.setQueryData(cardKeys.card(card.id), card);
        setDialog((state) => ({ ...state, step: 'complete' }));
        return card;
      } catch (error) {
        if (
          signal.aborted ||
          isAbortError(error) ||
          (error instanceof UploadError && error.code === 'canceled')
        ) {
          setDialog((state) => ({ ...state, open: false }));
          return null;
        }
        const kind = current ?? 'image';
        let message: string;
        if (error instanceof UploadError && error.code === 'retry-limit-exceeded' && error.lastError) {
          message = say(
            uploadRetryFailedMessage(
              error.attempts ?? 0,
              say(storageErrorMessage(error.lastError.code, kind)),
            ),
          );
        } else if (error instanceof UploadError) {
          message = say(storageErrorMessage(error.code, kind));
        } else {
          message = t('editor.errors.storage');
        }
        if (current) patchItem(current, { phase: 'error' });
        setDialog((state) => ({ ...state, open: true, step: 'error', error: message }));
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
        // Whatever happened, the overview and the editor must see the files the server has now.
        void queryClient.invalidateQueries({ queryKey: cardKeys.card(cardId) });
      }
    },
    [queryClient, say, t],
  );

  return {
    run,
    cancel: () => controller.current?.abort(),
    dialog,
    closeDialog: () => setDialog((state) => ({ ...state, open: false })),
  };
}
