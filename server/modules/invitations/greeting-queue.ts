import type { FastifyBaseLogger } from 'fastify';
import type { VoiceService } from '../voice/voice.service.ts';

/**
 * Guests' greetings made ready in the background, one at a time: a list of hundreds of guests must not take
 * the speech workers from the editor's "Hear it" and the recipient pages, which synthesize on demand. A
 * greeting not made yet when its guest opens the link is synthesized then, like any clip.
 */
export function createGreetingQueue(deps: {
  voice: Pick<VoiceService, 'prepare'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const waiting: string[] = [];
  let running = false;
  let closed = false;

  async function drain(): Promise<void> {
    running = true;
    while (!closed && waiting.length > 0) {
      // prepare never rejects: a clip that fails is logged and synthesized again when it is asked for.
      await deps.voice.prepare([waiting.shift()!]);
    }
    running = false;
  }

  return {
    prepare(clipIds: ReadonlyArray<string | null>): void {
      if (closed) return;
      for (const clipId of clipIds) if (clipId !== null && !waiting.includes(clipId)) waiting.push(clipId);
      if (!running) {
        drain().catch((error: unknown) =>
          deps.log.error({ err: error }, 'invitations: greetings queue failed'),
        );
      }
    },
    close(): void {
      closed = true;
      waiting.length = 0;
    },
  };
}
