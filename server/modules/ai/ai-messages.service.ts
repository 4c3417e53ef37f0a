import type { FastifyBaseLogger } from 'fastify';
import {
  AI_TIMEOUT_MS,
  trimToWords,
  type AiMessageEvent,
  type AiMessageRequestValues,
  type MessageBrief,
} from '../../../shared/ai/ai-message.contract.ts';
import { includesAdvancedAi } from '../../../shared/payments/plans.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limit.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import type { ChatCompletionsWriter } from './chat-completions-writer.ts';

const HOUR = 60 * 60 * 1000;

/** Messages written per hour, counted in the database so every instance counts the same. */
export const AI_RATE_LIMITS = {
  perOwner: { limit: 30, windowMs: HOUR },
  perIp: { limit: 60, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Who asks: their plan picks the writer; their ids and address count for the rate limits. */
export type AiActor = Pick<CardActor, 'userId' | 'guestSessionId' | 'ip' | 'tier'>;

export type AiMessageOutcome = Extract<AiMessageEvent, { type: 'done' }>;

export type AiMessagesService = ReturnType<typeof createAiMessagesService>;

/**
 * The AI message writer (SPEC §7 generateAIMessage, DESIGN §1.12, §1.18). Plus and Premium senders get the
 * configured provider's model when there is one; everyone else, and everyone when the provider fails or is
 * slower than SPEC's 70 s, gets the built-in writer — flagged `failed` when the provider was tried, so the
 * dialog says 'AI generation failed' (SPEC §8).
 */
export function createAiMessagesService(deps: {
  provider: Pick<ChatCompletionsWriter, 'write'> | null;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const { provider, rateLimiter, log, timeoutMs = AI_TIMEOUT_MS } = deps;

  // The writers' phrase tables and text rules (hundreds of KB, in Arabic and Russian too) load with the first
  // message written.
  const builtIn = async (brief: MessageBrief, previous: string | undefined) => {
    const { writeBuiltInMessage } = await import('./built-in-writer.ts');
    const { text, notWoven } = writeBuiltInMessage(brief, previous ? { avoid: previous } : {});
    return { message: trimToWords(text), notWoven };
  };

  return {
    /**
     * Admits one message (the rate limits, before anything is streamed, so a refusal is an ordinary error
     * answer) and answers the function that writes it. `onDelta` receives the provider's text as it
     * arrives; the outcome is the final, cleaned text. An abort by the caller (the sender pressed Cancel)
     * rejects; every other failure falls back to the built-in writer.
     */
    async startMessage(actor: AiActor, request: AiMessageRequestValues) {
      const owner = actor.userId ?? actor.guestSessionId ?? `ip:${actor.ip}`;
      await rateLimiter.consume(`ai:message:ip:${actor.ip}`, AI_RATE_LIMITS.perIp);
      await rateLimiter.consume(`ai:message:owner:${owner}`, AI_RATE_LIMITS.perOwner);
      const { previous, ...brief } = request;
      const writer = provider && includesAdvancedAi(actor.tier) ? provider : null;

      return async (options: {
        signal: AbortSignal;
        onDelta?: (text: string) => void;
      }): Promise<AiMessageOutcome> => {
        if (!writer)
          return { type: 'done', ...(await builtIn(brief, previous)), writer: 'built-in', failed: false };
        // The provider's time runs on a timer of our own, which holds its controller until it fires or is cleared:
        // `AbortSignal.timeout`'s timer holds its signal only weakly, and inside `AbortSignal.any` nothing else
        // holds it, so a garbage collection could lose the timeout and leave a hung provider hanging the sender.
        const timeout = new AbortController();
        const timer = setTimeout(
          () => timeout.abort(new DOMException('the AI provider took too long', 'TimeoutError')),
          timeoutMs,
        );
        try {
          const raw = await writer
            .write(brief, {
              ...(previous ? { previous } : {}),
              signal: AbortSignal.any([options.signal, timeout.signal]),
              ...(options.onDelta ? { onDelta: options.onDelta } : {}),
            })
            .finally(() => clearTimeout(timer));
          const { cleanMessage } = await import('./message-cleaning.ts');
          const message = cleanMessage(raw);
          if (message === '') throw new Error('the AI answer held no text once cleaned');
          return { type: 'done', message, writer: 'provider', failed: false, notWoven: [] };
        } catch (error) {
          if (options.signal.aborted) throw error;
          log.warn({ err: error }, 'ai: the AI provider failed; the built-in writer answers');
          return { type: 'done', ...(await builtIn(brief, previous)), writer: 'built-in', failed: true };
        }
      };
    },
  };
}
