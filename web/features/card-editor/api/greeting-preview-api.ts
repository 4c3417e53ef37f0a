import {
  greetingPreviewResponseSchema,
  voiceApi,
  type GreetingPreviewRequest,
  type GreetingPreviewResponse,
} from '../../../../shared/voice/voice.contract.ts';
import { postJson } from '../../../lib/api-client.ts';

/** POST /api/voice/greetings: the AI voice's greeting for these names, voice and language, ready to play. */
export async function fetchGreetingPreview(
  request: GreetingPreviewRequest,
  signal?: AbortSignal,
): Promise<GreetingPreviewResponse> {
  return greetingPreviewResponseSchema.parse(
    await postJson<unknown>(voiceApi.greetingPreview, request, signal),
  );
}
