import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import editorStrings from 'virtual:strings/editor';
import { useTranslation } from '../../../lib/translation.tsx';
import { showToast } from '../../../components/toast.tsx';
import { cardKeys } from '../../../lib/cards-api.ts';
import { isMobileDevice } from '../../../lib/device.ts';
import { withStrings } from '../../../lib/i18n.ts';
import {
  listPendingUploads,
  removePendingUpload,
  type PendingUpload,
} from '../../../lib/uploads/pending-uploads.ts';
import { useAfterTakeOver } from '../../../lib/after-take-over.ts';

/**
 * The upload code, fetched only when there is something to resume: most visits have nothing pending. With it
 * the editor's strings, which say why an upload failed.
 */
const loadUploader = () =>
  withStrings(
    Promise.all([
      import('../../../lib/uploads/card-media-upload.ts'),
      import('../../../lib/uploads/upload-error.ts'),
      import('./media/media-error-messages.ts'),
    ]),
    editorStrings,
  ).then(([{ uploadCardMedia }, { UploadError }, { storageErrorMessage }]) => ({
    uploadCardMedia,
    UploadError,
    storageErrorMessage,
  }));

/**
 * The file and the key its upload address is kept under. A video whose compression was cut short is
 * compressed again and sent as a new upload from zero: the bytes the server has came from the first
 * compression, which the second need not reproduce exactly. If it fails again, the original goes (SPEC §5).
 */
async function whatToSend(upload: PendingUpload): Promise<{ file: Blob; fingerprint?: string }> {
  if (!upload.compressFirst) return { file: upload.file, fingerprint: upload.fingerprint };
  const original =
    upload.file instanceof File
      ? upload.file
      : new File([upload.file], upload.fileName, { type: upload.file.type });
  const { compressVideo } = await import('../../../lib/media/compress-video.ts');
  try {
    return { file: (await compressVideo(original)).file };
  } catch {
    return { file: original };
  }
}

/** One resumer per page, whatever React mounts twice. */
let resuming = false;

/**
 * Mounted once in the layout: finishes the uploads a reload or a closed tab cut short (kept in IndexedDB by the
 * editor), from the server's offset, one tab at a time. An upload that cannot succeed any more (the card is
 * gone, the file was refused) is dropped with a message; one that failed for the network waits for the next
 * visit.
 */
export function PendingUploadsResumer() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ready = useAfterTakeOver();

  useEffect(() => {
    if (!ready || resuming) return;
    resuming = true;
    const resumeAll = async () => {
      const pending = await listPendingUploads();
      if (pending.length === 0) return;
      const { uploadCardMedia, UploadError, storageErrorMessage } = await loadUploader();
      for (const upload of pending) {
        const { fileName } = upload;
        showToast(t('cardMedia.resume.started', { fileName }), 'info');
        try {
          const card = await uploadCardMedia({
            cardId: upload.cardId,
            kind: upload.kind,
            fileName,
            isMobile: isMobileDevice(),
            ...(await whatToSend(upload)),
          });
          await removePendingUpload(upload.fingerprint);
          queryClient.setQueryData(cardKeys.card(card.id), card);
          showToast(t('cardMedia.resume.done', { fileName }), 'success');
        } catch (error) {
          const code = error instanceof UploadError ? error.code : 'unknown';
          if (code !== 'retry-limit-exceeded') await removePendingUpload(upload.fingerprint);
          const reason = storageErrorMessage(code, upload.kind);
          showToast(
            t('cardMedia.resume.failed', { fileName, reason: t(reason.key, reason.values) }),
            'error',
          );
        }
      }
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const done = locks
      ? locks.request('winc-pending-uploads', { ifAvailable: true }, (lock) =>
          lock ? resumeAll() : undefined,
        )
      : resumeAll();
    void Promise.resolve(done).finally(() => {
      resuming = false;
    });
  }, [queryClient, t, ready]);

  return null;
}
