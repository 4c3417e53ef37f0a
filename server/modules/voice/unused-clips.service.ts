import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { VoiceClipsRepository } from './voice-clips.repository.ts';

/** Clips removed per statement batch, and batches per run: a backlog clears over a few runs, never in one lock. */
export const UNUSED_VOICE_CLIPS_BATCH = 200;
const BATCHES_PER_RUN = 10;

export type UnusedVoiceClipsService = ReturnType<typeof createUnusedVoiceClipsService>;

/**
 * The retention of voice clips (docs/decisions/0013-ai-message-and-voice.md): every 'Hear it' makes a clip,
 * and most are never heard again. A clip that no card names and nobody asked for within `retentionMs` is
 * removed, its row first, then its audio. The DELETE checks the rule again, so a clip that a card takes up
 * or a listener asks for at that moment stays; one asked for just after its row went is recorded and
 * synthesized anew, into a file of its own, so removing the old file takes nothing from it.
 */
export function createUnusedVoiceClipsService(deps: {
  clips: Pick<VoiceClipsRepository, 'unusedClipIds' | 'deleteUnusedClips'>;
  storage: Pick<FileStorage, 'delete'>;
  retentionMs: number;
  now: () => Date;
  log: { warn(object: object, message: string): void };
  batchSize?: number;
}) {
  const { clips, storage, retentionMs, now, log } = deps;
  const batchSize = deps.batchSize ?? UNUSED_VOICE_CLIPS_BATCH;

  return {
    /** One run: batches of clips unused past retention, until none is left or the run's share is done. */
    async removeUnusedClips(): Promise<{ clips: number; files: number }> {
      const cutoff = new Date(now().getTime() - retentionMs);
      let removedClips = 0;
      let removedFiles = 0;
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const ids = await clips.unusedClipIds(cutoff, batchSize);
        const removed = await clips.deleteUnusedClips(ids, cutoff);
        removedClips += removed.length;
        for (const { id, storageKey } of removed) {
          if (storageKey === null) continue;
          // A file that fails to go is logged, not fatal: its clip is gone either way, and nobody asks for it.
          await storage.delete(storageKey).then(
            () => removedFiles++,
            (error: unknown) =>
              log.warn({ err: error, clipId: id, key: storageKey }, 'could not delete an unused voice clip'),
          );
        }
        if (ids.length < batchSize) break;
      }
      return { clips: removedClips, files: removedFiles };
    },
  };
}
