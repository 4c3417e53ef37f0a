import type { FileStorage } from '../../platform/storage/file-storage.ts';

/** What a deleted card leaves outside the database, as the cards repository answers it. */
export interface RemovedCard {
  /** The storage keys of its image, video and voice message. */
  fileKeys: string[];
  /** Its resumable uploads that never finished. */
  unfinishedUploadIds: string[];
}

export type CardFiles = ReturnType<typeof createCardFiles>;

/**
 * Removes what a deleted card stored: its files, and the bytes of its uploads that never finished. One owner
 * for every way a card goes (its owner deleting it, the housekeeping of abandoned drafts). A file that fails
 * to go is logged, not fatal: the card is gone either way, and an orphan file harms nobody.
 */
export function createCardFiles(deps: {
  storage: Pick<FileStorage, 'delete'>;
  /** Drops the bytes of a resumable upload that never finished. */
  uploads: { remove(uploadId: string): Promise<void> };
  log: { warn(object: object, message: string): void };
}) {
  const { storage, uploads, log } = deps;

  return {
    /** Answers how many of the card's files were deleted. */
    async removeFilesOf(cardId: string, removed: RemovedCard): Promise<number> {
      let deleted = 0;
      for (const key of removed.fileKeys) {
        await storage.delete(key).then(
          () => deleted++,
          (error: unknown) =>
            log.warn({ err: error, cardId, key }, 'could not delete a file of a deleted card'),
        );
      }
      for (const uploadId of removed.unfinishedUploadIds) {
        await uploads.remove(uploadId).catch((error: unknown) => {
          log.warn({ err: error, cardId, uploadId }, 'could not drop an unfinished upload of a deleted card');
        });
      }
      return deleted;
    },
  };
}
