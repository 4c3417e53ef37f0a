import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  greetingPreviewRequestSchema,
  greetingPreviewResponseSchema,
} from '../../../shared/voice/voice.contract.ts';
import { sendStoredFile } from '../../platform/http/stored-file-reply.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { VoiceActor, VoiceService } from './voice.service.ts';
import { voiceApi } from '../../../shared/api-paths.ts';

/** A clip's file name: its 256-bit name, base64url, and the MP3 extension. */
const clipParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.mp3$/) });

/** The AI voice over HTTP: the editor's 'Hear it', and the clips themselves for every player. */
export function registerVoiceRoutes(
  fastify: FastifyInstance,
  deps: {
    voice: VoiceService;
    actors: { of(request: FastifyRequest, reply: FastifyReply): Promise<VoiceActor> };
    storage: FileStorage;
  },
): void {
  const { voice, actors, storage } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const previewSchema = {
    body: greetingPreviewRequestSchema,
    response: { 200: greetingPreviewResponseSchema },
  };
  app.post(voiceApi.greetingPreview, { schema: previewSchema }, async (request, reply) => {
    const preview = await voice.previewGreeting(await actors.of(request, reply), request.body);
    return reply.header('Cache-Control', 'private, no-store').send(preview);
  });

  // A clip's name is derived from what it says, so its audio never changes: any cache may keep it for good.
  // Only when a provider failed and the built-in voice stands in does the answer point elsewhere, uncached.
  const clipRoute = { compress: false as const, schema: { params: clipParams } };
  app.get(voiceApi.clip.route, clipRoute, async (request, reply) => {
    const clipId = request.params.file.slice(0, -'.mp3'.length);
    const clip = await voice.storedClip(clipId);
    if (clip.clipId !== clipId) {
      return reply.header('Cache-Control', 'no-store').redirect(voiceApi.clip(clip.clipId), 307);
    }
    return sendStoredFile(request, reply, storage, {
      key: clip.key,
      size: clip.size,
      type: 'audio/mpeg',
      etag: clipId,
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
}
