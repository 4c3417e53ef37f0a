import { createParser } from 'eventsource-parser';
import type { AiMessageEvent, AiMessageRequest } from '../../../../shared/ai/ai-message.contract.ts';
import { ApiRequestError, apiResponse } from '../../../lib/api-client.ts';
import { aiApi } from '../../../../shared/api-paths.ts';

export type AiMessageResult = Extract<AiMessageEvent, { type: 'done' }>;

/**
 * POST /api/ai/messages: the message as the writer writes it. Each piece of text goes to `onDelta` as it
 * arrives; the promise answers the final, cleaned message. Aborting `signal` (Cancel) stops the writer on the
 * server too. A stream that ends without its final event is a network failure.
 */
export async function writeAiMessage(
  request: AiMessageRequest,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<AiMessageResult> {
  const response = await apiResponse(aiApi.messages, {
    signal: options.signal,
    accept: 'text/event-stream',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) },
  });
  let result: AiMessageResult | null = null;
  const parser = createParser({
    onEvent: ({ data }) => {
      const event = JSON.parse(data) as AiMessageEvent;
      if (event.type === 'delta') options.onDelta(event.text);
      else result = event;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ApiRequestError('Network error', { code: null, status: null, cause: error });
  }
  if (!result) throw new ApiRequestError('The message stream ended early', { code: null, status: null });
  return result;
}
