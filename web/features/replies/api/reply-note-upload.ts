import { repliesApi } from '../../../../shared/api-paths.ts';
import type { SentReply } from '../../../../shared/replies/replies.contract.ts';
import { REPLY_UPLOAD_METADATA_KEYS, type ReplyMediaKind } from '../../../../shared/replies/reply-rules.ts';
import { uploadResumable, type UploadControls } from '../../../lib/uploads/resumable-upload.ts';
import type { ReplyTarget } from './replies-api.ts';

/**
 * Sends a voice or video note with the resumable upload (tus, like the sender's media): it resumes from this
 * device after a cut, and its last answer is the reply.
 */
export function uploadReplyNote(
  options: UploadControls & { target: ReplyTarget; kind: ReplyMediaKind; file: Blob; name: string },
): Promise<SentReply> {
  const { target, kind, file, name } = options;
  const keys = REPLY_UPLOAD_METADATA_KEYS;
  const to: Record<string, string> =
    'cardId' in target ? { [keys.cardId]: target.cardId } : { [keys.guestToken]: target.guestToken };
  return uploadResumable<SentReply>({
    ...options,
    tusPath: repliesApi.uploads,
    metadata: { ...to, [keys.kind]: kind, ...(name.trim() ? { [keys.name]: name.trim() } : {}) },
    fingerprint: `reply:${JSON.stringify(target)}:${kind}:${file.size}`,
    simple: null,
    parse: (response) => JSON.parse(response.text) as SentReply,
    // Everything arrived and the reply was stored; only its answer was lost.
    afterLostAnswer: () => Promise.resolve({ id: '', kind, createdAt: new Date().toISOString() }),
  });
}
