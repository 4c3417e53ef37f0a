import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiMessageRequestSchema, type AiMessageEvent } from '../../../shared/ai/ai-message.contract.ts';
import type { AiActor, AiMessagesService } from './ai-messages.service.ts';
import { aiApi } from '../../../shared/api-paths.ts';

/**
 * The AI message dialog's writer (SPEC §7 generateAIMessage), for guests and users: the answer streams as
 * server-sent events (`delta` pieces while a provider writes, then `done`), so the text appears as it is
 * written. When the browser goes away (Cancel), the provider's request is aborted too.
 */
export function registerAiMessagesRoutes(
  app: FastifyInstance,
  deps: {
    ai: AiMessagesService;
    actors: { of(request: FastifyRequest, reply: FastifyReply): Promise<AiActor> };
  },
): void {
  const { ai, actors } = deps;

  // Compression would hold the pieces back until a buffer fills.
  const route = { compress: false as const, schema: { body: aiMessageRequestSchema } };
  app.withTypeProvider<ZodTypeProvider>().post(aiApi.messages, route, async (request, reply) => {
    const write = await ai.startMessage(await actors.of(request, reply), request.body);

    const cancelled = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) cancelled.abort();
    });
    const events = new PassThrough();
    const send = (event: AiMessageEvent) => events.write(`data: ${JSON.stringify(event)}\n\n`);
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Accel-Buffering', 'no')
      .send(events);
    try {
      send(await write({ signal: cancelled.signal, onDelta: (text) => send({ type: 'delta', text }) }));
    } catch (error) {
      if (!cancelled.signal.aborted) request.log.error({ err: error }, 'ai: writing a message failed');
    } finally {
      events.end();
    }
    return reply;
  });
}
