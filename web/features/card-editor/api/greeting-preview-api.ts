import {
  greetingPreviewRequestSchema,
  type GreetingPreviewRequest,
  type GreetingPreviewResponse,
} from '../../../../shared/voice/voice.contract.ts';
import { postJson } from '../../../lib/api-client.ts';
import { voiceApi } from '../../../../shared/api-paths.ts';

/**
 * POST /api/voice/greetings: the AI voice's greeting for these names, voice and language, ready to play. The
 * request is checked with the server's contract first, so names it would refuse fail here with its message.
 */
export async function fetchGreetingPreview(
  request: GreetingPreviewRequest,
  signal?: AbortSignal,
): Promise<GreetingPreviewResponse> {
  const body = greetingPreviewRequestSchema.parse(request);
  return postJson<GreetingPreviewResponse>(voiceApi.greetingPreview, body, signal);
}
