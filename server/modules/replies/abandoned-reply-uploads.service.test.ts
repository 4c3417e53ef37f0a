import { expect, it } from 'vitest';
import { insertCard } from '../../testing/accounts-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { createAbandonedReplyUploads, REPLY_UPLOAD_LIFETIME_MS } from './abandoned-reply-uploads.service.ts';
import { createRepliesRepository, newReplyId } from './replies.repository.ts';

/**
 * The housekeeping of reply notes' uploads (docs/decisions/0035-replies.md): one begun over a day ago and never
 * finished loses its bytes and its record; a finished one only its record; a recent one stays.
 */
describeEachDatabase('abandoned reply uploads', (use) => {
  it('forgets uploads older than a day, removing the bytes of unfinished ones only', async () => {
    const repository = createRepliesRepository(use().database);
    const cardId = await insertCard(use(), { isGuestCard: false });
    const now = new Date();
    const upload = (createdAt: Date, replyId: string | null) => ({
      id: newReplyId(),
      cardId,
      kind: 'voice' as const,
      size: 1000,
      name: null,
      deviceId: newReplyId(),
      guestId: null,
      createdAt,
      replyId,
    });
    const longAgo = new Date(now.getTime() - REPLY_UPLOAD_LIFETIME_MS - 60_000);
    const abandoned = upload(longAgo, null);
    const finished = upload(longAgo, newReplyId());
    const recent = upload(new Date(now.getTime() - 60_000), null);
    for (const record of [abandoned, finished, recent]) await repository.insertUpload(record);

    const removed: string[] = [];
    const housekeeping = createAbandonedReplyUploads({
      repository,
      removeBytes: async (uploadId) => {
        removed.push(uploadId);
      },
      now: () => now,
    });
    expect(await housekeeping.forget()).toBe(2);
    expect(removed).toEqual([abandoned.id]);
    expect(await repository.findUpload(abandoned.id)).toBeUndefined();
    expect(await repository.findUpload(finished.id)).toBeUndefined();
    expect(await repository.findUpload(recent.id)).toBeDefined();
    expect(await housekeeping.forget()).toBe(0);
  });
});
