import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createUnusedVoiceClipsService } from './unused-clips.service.ts';
import { createVoiceClipsRepository } from './voice-clips.repository.ts';
import { registerVoiceRoutes } from './voice.routes.ts';
import { createVoiceService, type VoiceActor } from './voice.service.ts';

export type VoiceModule = ReturnType<typeof createVoiceModule>;

/**
 * The AI voice (DESIGN §1.13): greetings synthesized in the background or on 'Hear it', stored and cached by
 * what they say; clips that nothing uses any more leave with the housekeeping.
 */
export function createVoiceModule(
  platform: Platform,
  deps: { actors: { of(request: FastifyRequest, reply: FastifyReply): Promise<VoiceActor> } },
) {
  const { app, config, database, storage, speech, rateLimiter, now, log } = platform;
  const clips = createVoiceClipsRepository(database);
  const voice = createVoiceService({
    repository: clips,
    storage,
    engines: speech,
    clipKey: platform.keyFor('voice-clip-names'),
    rateLimiter,
    now,
    log,
  });
  registerVoiceRoutes(app, { voice, actors: deps.actors, storage });
  const unusedClips = createUnusedVoiceClipsService({
    clips,
    storage,
    retentionMs: config.voiceClipRetentionMs,
    now,
    log,
  });

  return {
    voice,
    /** The housekeeping's part: clips no card names and nobody asked for within the retention period. */
    removeUnusedClips: () => unusedClips.removeUnusedClips(),
  };
}
