import type {
  GreetingPreviewRequest,
  GreetingPreviewResponse,
} from '../../../../shared/voice/voice.contract.ts';
import { postJson } from '../../../lib/api-client.ts';
import { voiceApi } from '../../../../shared/api-paths.ts';

/** POST /api/voice/greetings: the AI voice's greeting for these names, voice and language, ready to play. */
export async function fetchGreetingPreview(
  request: GreetingPreviewRequest,
  signal?: AbortSignal,
): Promise<GreetingPreviewResponse> {
  return postJson<GreetingPreviewResponse>(voiceApi.greetingPreview, request, signal);
}
