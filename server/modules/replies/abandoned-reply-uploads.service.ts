import type { RepliesRepository } from './replies.repository.ts';

/** A note's upload not finished within a day was abandoned (the tab closed for good); a finished one's record is spent. */
export const REPLY_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How many uploads one housekeeping run forgets at most; the next run takes the rest. */
const BATCH = 500;

/**
 * The housekeeping's part for reply notes: the uploads begun over a day ago are forgotten — the bytes of the
 * unfinished ones through `removeBytes` (the tus datastore), and every record. Answers how many.
 */
export function createAbandonedReplyUploads(deps: {
  repository: Pick<RepliesRepository, 'uploadsCreatedBefore' | 'deleteUpload'>;
  removeBytes: (uploadId: string) => Promise<void>;
  now: () => Date;
}) {
  return {
    async forget(): Promise<number> {
      const cutoff = new Date(deps.now().getTime() - REPLY_UPLOAD_LIFETIME_MS);
      const old = await deps.repository.uploadsCreatedBefore(cutoff, BATCH);
      for (const upload of old) {
        if (upload.replyId === null) await deps.removeBytes(upload.id).catch(() => undefined);
        await deps.repository.deleteUpload(upload.id);
      }
      return old.length;
    },
  };
}
