import {
  assertSpeakableText,
  SpeechEngineError,
  type SpeechAudio,
  type SpeechEngine,
  type SpeechRequest,
} from './speech-engine.ts';
import type { Voice } from '../../../shared/cards/card-rules.ts';

export interface OpenAiSpeechOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or a local server's `http://127.0.0.1:8880/v1`. */
  baseUrl: string;
  /** e.g. 'tts-1', 'gpt-4o-mini-tts', or whatever the server names its model. */
  model: string;
  /** Sent as a bearer token when given (local servers usually need none). */
  apiKey?: string;
  /** The provider's voice names; OpenAI's 'onyx' (deep, calm) and 'nova' (bright, friendly) by default. */
  voiceMale?: string;
  voiceFemale?: string;
  /** For the whole exchange, answer body included; default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Far more than any answer for a 4096-character text; a bigger one is not what we asked for. */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/** An MP3 starts with an ID3 tag or an MPEG audio frame (11 set sync bits). */
function looksLikeMp3(bytes: Uint8Array): boolean {
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
  const frameSync = bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
  return bytes.length >= 4 && (id3 || frameSync);
}

async function readBody(response: Response, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.length;
    if (size > limit) {
      await reader!.cancel();
      throw new Error(`the answer is larger than ${limit} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/**
 * Any OpenAI-compatible `POST {baseUrl}/audio/speech` (OpenAI, or a local server speaking its API): natural
 * voices when an operator configures one (DESIGN §1.13). The provider detects the language from the text.
 * Every failure — an error status, a timeout, an empty or non-MP3 answer — rejects with a
 * {@link SpeechEngineError}; falling back to the built-in engine is the caller's choice.
 */
export function createOpenAiSpeechEngine(options: OpenAiSpeechOptions): SpeechEngine {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const voices: Record<Voice, string> = {
    male: options.voiceMale ?? 'onyx',
    female: options.voiceFemale ?? 'nova',
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetchAudio = options.fetch ?? fetch;
  // The host is part of the id: the same model and voice names on another server are other voices.
  const id = `openai:${options.model}:${voices.female}/${voices.male}@${new URL(endpoint).host}`;

  return {
    id,

    async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio> {
      signal?.throwIfAborted();
      assertSpeakableText(id, request.text);
      const timeout = AbortSignal.timeout(timeoutMs);
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'audio/mpeg' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

      let response: Response;
      let body: Buffer;
      try {
        response = await fetchAudio(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            model: options.model,
            input: request.text,
            voice: voices[request.voice],
            response_format: 'mp3',
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        body = await readBody(response, MAX_AUDIO_BYTES);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new SpeechEngineError(id, `no answer after ${timeoutMs / 1000} s`);
        const reason = error instanceof Error ? error.message : String(error);
        throw new SpeechEngineError(id, `the request failed: ${reason}`, { cause: error });
      }

      const contentType = response.headers.get('content-type') ?? '';
      if (!response.ok) {
        const detail = body.toString('utf8', 0, 300).replace(/\s+/g, ' ').trim();
        throw new SpeechEngineError(id, `answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
      if (body.length === 0) throw new SpeechEngineError(id, 'answered with no audio');
      // Some servers label audio as octet-stream or not at all; the bytes must be MP3 either way.
      const labelledOtherwise =
        contentType !== '' && !/^(audio\/|application\/octet-stream)/i.test(contentType);
      if (labelledOtherwise || !looksLikeMp3(body)) {
        throw new SpeechEngineError(id, `answered ${contentType || 'without a content type'}, not MP3 audio`);
      }
      return { data: body, contentType: 'audio/mpeg' };
    },
  };
}
