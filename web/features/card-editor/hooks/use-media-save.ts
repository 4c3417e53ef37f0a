import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { CardMediaKind } from '../../../../shared/cards/card-media.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import {
  compressedVideoFileName,
  isAbortError,
  toVideoCompressionError,
} from '../../../../shared/cards/video-compression.ts';
import { cardKeys, removeCardMedia } from '../../../lib/cards-api.ts';
import { isMobileDevice } from '../../../lib/device.ts';
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
import type { VideoPreparation } from './use-video-preparation.ts';
import type { GrowingFile } from '../../../lib/uploads/growing-file.ts';

type Changes = ReturnType<typeof mediaChanges>;

export interface MediaSave {
  /** Runs the changes on the saved card; the card with its files, or null when cancelled or failed. */
  run: (
    cardId: string,
    changes: Changes,
    /** The picked video's compression, started when it was picked (null: it is sent as it is). */
    preparationOf: (video: File) => Promise<VideoPreparation | null>,
  ) => Promise<Card | null>;
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

/**
 * Saving a card's files after its text (SPEC §2 progress dialog): removals, then each file uploaded (resumable
 * above 256 KB, retried, resumed). A video that SPEC §5 compresses has been compressing since it was picked:
 * its mp4 is sent while it is still produced (tus with a deferred length), so the upload ends about when the
 * compression does; a failed compression uploads the original (≤ 30 MB by then) instead. Cancel stops the
 * uploads; the compression goes on for the next try.
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
    async (
      cardId: string,
      changes: Changes,
      preparationOf: (video: File) => Promise<VideoPreparation | null>,
    ): Promise<Card | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const { signal } = abort;
      /**
       * One file to the card, kept in IndexedDB until the server has it so a reload or a closed tab does not lose
       * it (PendingUploadsResumer). A video still compressing is kept as its original, to be compressed again
       * after a reload, then as the compressed file as soon as that is whole.
       */
      const uploadOne = async (
        cardId: string,
        kind: CardMediaKind,
        file: File | GrowingFile,
        streamed: VideoPreparation | null,
      ): Promise<Card> => {
        const fileName = streamed ? compressedVideoFileName(streamed.source.name) : (file as File).name;
        const fingerprint = uploadFingerprint({ cardId, kind, file, fileName });
        const keep = (kept: Blob, compressFirst: boolean) =>
          savePendingUpload({
            fingerprint,
            cardId,
            kind,
            fileName,
            file: kept,
            compressFirst,
            savedAt: Date.now(),
          });
        let kept = keep(streamed ? streamed.source : (file as File), streamed !== null);
        await kept;
        if (streamed) {
          const compressed = streamed.result.then(
            (result) => keep(result.file, false),
            () => undefined,
          );
          kept = kept.then(() => compressed);
        }
        if (!streamed) patchItem(kind, { phase: 'uploading', progress: 0 });
        return uploadCardMedia({
          cardId,
          kind,
          file,
          fileName,
          fingerprint,
          isMobile: isMobileDevice(),
          signal,
          onProgress: (sent, total) => {
            // While the video compresses, its row shows the compression; the upload's share shows after.
            if (streamed && !streamed.output.done) return;
            patchItem(kind, { progress: total > 0 ? sent / total : 1 });
          },
          onRetry: (attempt) => patchItem(kind, { attempt }),
        }).finally(async () => {
          await kept;
          await removePendingUpload(fingerprint);
        });
      };
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

        const files = new Map<CardMediaKind, File | GrowingFile>(
          changes.uploads.map(({ kind, file }) => [kind, file]),
        );
        const original = changes.uploads.find(({ kind }) => kind === 'video')?.file;
        const preparation = original ? await preparationOf(original) : null;
        /** The original is sent instead when the compression fails (SPEC §5); the sender is told why. */
        const compressionFailed = (error: unknown) => {
          const failure = toVideoCompressionError(error);
          setDialog((state) => ({
            ...state,
            step: 'uploading',
            notice: say(compressionErrorMessage(failure.code, failure.reason)),
          }));
        };
        if (preparation) {
          current = 'video';
          files.set('video', preparation.output);
          setDialog((state) => ({ ...state, step: 'compressing' }));
          patchItem('video', { phase: 'compressing', progress: 0 });
          // The dialog follows the compression while the upload sends its output.
          const unwatch = preparation.watch((progress, expectedSize) => {
            if (!signal.aborted)
              patchItem('video', { progress, ...(expectedSize === null ? {} : { expectedSize }) });
          });
          signal.addEventListener('abort', unwatch, { once: true });
          void preparation.result.then((result) => {
            unwatch();
            if (signal.aborted) return;
            setDialog((state) => ({ ...state, step: 'uploading' }));
            patchItem('video', { compressedSize: result.compressedSize, phase: 'uploading' });
          }, unwatch);
        } else setDialog((state) => ({ ...state, step: 'uploading' }));

        for (const { kind } of changes.uploads) {
          current = kind;
          const streamed = kind === 'video' ? preparation : null;
          try {
            card = await uploadOne(cardId, kind, files.get(kind)!, streamed);
          } catch (error) {
            // The compression failed while its output was being sent: the original goes instead.
            if (!streamed || error instanceof UploadError || isAbortError(error) || signal.aborted)
              throw error;
            compressionFailed(error);
            card = await uploadOne(cardId, kind, streamed.source, null);
          }
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
