import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAiMessagesRoutes } from './ai-messages.routes.ts';
import { createAiMessagesService, type AiActor } from './ai-messages.service.ts';
import { createChatCompletionsWriter } from './chat-completions-writer.ts';

/**
 * The AI message (DESIGN §1.12): the configured provider's model, streamed, or the built-in writer.
 */
export function createAiModule(
  platform: Platform,
  deps: {
    actors: { of(request: FastifyRequest, reply: FastifyReply): Promise<AiActor> };
    /** How long the provider may take before the built-in writer answers (SPEC §9: 70 s); tests shorten it. */
    timeoutMs?: number | undefined;
  },
): void {
  const { app, config, rateLimiter, log } = platform;
  const ai = createAiMessagesService({
    provider: config.ai ? createChatCompletionsWriter(config.ai) : null,
    rateLimiter,
    log,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  registerAiMessagesRoutes(app, { ai, actors: deps.actors });
}
