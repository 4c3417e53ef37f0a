import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encoder.ts';
import { createOpenAiSpeechEngine } from './openai-speech.ts';
import { SpeechEngineError } from './speech-engine.ts';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in for an OpenAI-compatible server on loopback, new for each test; each test says how it answers. */
let server: Server;
let baseUrl: string;
let received: ReceivedRequest[];
let answer: (response: ServerResponse) => void;

/** Half a second of a 220 Hz tone, encoded by our own encoder: real MP3 bytes for the server to send. */
let mp3: Buffer;

beforeAll(async () => {
  const sampleRate = 22050;
  const samples = Float32Array.from(
    { length: sampleRate / 2 },
    (_, index) => 0.3 * Math.sin((2 * Math.PI * 220 * index) / sampleRate),
  );
  mp3 = await encodeMp3({ samples, sampleRate });
});

beforeEach(async () => {
  received = [];
  answer = () => {};
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: text ? JSON.parse(text) : null,
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sendMp3 = (response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);

describe('OpenAI-compatible speech engine', () => {
  it('posts the model, text, voice and mp3 format with the bearer key, and returns the audio', async () => {
    answer = sendMp3;
    const engine = createOpenAiSpeechEngine({
      baseUrl: `${baseUrl}/`,
      model: 'tts-1',
      apiKey: 'sk-test-key',
    });

    const female = await engine.synthesize({
      text: 'Hi Alex, Sam made something for you',
      language: 'en',
      voice: 'female',
    });
    const male = await engine.synthesize({ text: 'Привет, Аня!', language: 'ru', voice: 'male' });

    expect(female).toEqual({ data: mp3, contentType: 'audio/mpeg' });
    expect(male.data.equals(mp3)).toBe(true);
    expect(received).toHaveLength(2);
    for (const request of received) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/v1/audio/speech');
      expect(request.headers.authorization).toBe('Bearer sk-test-key');
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(received[0]!.body).toEqual({
      model: 'tts-1',
      input: 'Hi Alex, Sam made something for you',
      voice: 'nova',
      response_format: 'mp3',
    });
    expect(received[1]!.body).toEqual({
      model: 'tts-1',
      input: 'Привет, Аня!',
      voice: 'onyx',
      response_format: 'mp3',
    });
  });

  it('uses the configured voices, sends no key when none is set, and names both in its id', async () => {
    answer = (response) => response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(mp3);
    const engine = createOpenAiSpeechEngine({
      baseUrl,
      model: 'kokoro',
      voiceMale: 'am_adam',
      voiceFemale: 'af_bella',
    });

    await engine.synthesize({ text: 'Hello', language: 'en', voice: 'male' });
    await engine.synthesize({ text: 'Hello', language: 'en', voice: 'female' });

    expect(received.map((request) => (request.body as { voice: string }).voice)).toEqual([
      'am_adam',
      'af_bella',
    ]);
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(engine.id).toBe(`openai:kokoro:af_bella/am_adam@${new URL(baseUrl).host}`);
    expect(engine.id).not.toBe(createOpenAiSpeechEngine({ baseUrl, model: 'tts-1' }).id);
  });

  it('throws on an error status, with what the server said', async () => {
    answer = (response) =>
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"overloaded"}}');
    const engine = createOpenAiSpeechEngine({ baseUrl, model: 'tts-1', apiKey: 'sk-secret' });

    const failure = engine.synthesize({ text: 'Hello', language: 'en', voice: 'female' });
    await expect(failure).rejects.toBeInstanceOf(SpeechEngineError);
    await expect(failure).rejects.toThrow(/500.*overloaded/);
    await expect(failure).rejects.not.toThrow(/sk-secret/);
  });

  it('throws on an empty answer and on an answer that is not MP3 audio', async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl, model: 'tts-1' });
    const request = { text: 'Hello', language: 'en', voice: 'female' } as const;

    answer = (response) => response.writeHead(200, { 'content-type': 'audio/mpeg' }).end();
    await expect(engine.synthesize(request)).rejects.toThrow(/no audio/);

    answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    await expect(engine.synthesize(request)).rejects.toThrow(/application\/json, not MP3/);

    answer = (response) => response.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html>nope</html>');
    await expect(engine.synthesize(request)).rejects.toThrow(/not MP3/);
  });

  it('times out when the server never answers', async () => {
    answer = () => {};
    const engine = createOpenAiSpeechEngine({ baseUrl, model: 'tts-1', timeoutMs: 300 });
    const started = performance.now();

    await expect(engine.synthesize({ text: 'Hello', language: 'en', voice: 'male' })).rejects.toThrow(
      /no answer after 0.3 s/,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('times out when the audio stops arriving half way', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(mp3.subarray(0, 100));
    };
    const engine = createOpenAiSpeechEngine({ baseUrl, model: 'tts-1', timeoutMs: 300 });

    await expect(engine.synthesize({ text: 'Hello', language: 'en', voice: 'male' })).rejects.toThrow(
      /no answer/,
    );
  });

  it('rejects with the abort reason when the caller gives up', async () => {
    answer = () => {};
    const engine = createOpenAiSpeechEngine({ baseUrl, model: 'tts-1' });
    const request = { text: 'Hello', language: 'en', voice: 'male' } as const;

    await expect(engine.synthesize(request, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(received).toHaveLength(0);

    const controller = new AbortController();
    const synthesis = engine.synthesize(request, controller.signal);
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    await expect(synthesis).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('throws when the server cannot be reached', async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl: 'http://127.0.0.1:9/v1', model: 'tts-1' });
    await expect(engine.synthesize({ text: 'Hello', language: 'en', voice: 'male' })).rejects.toThrow(
      /request failed/,
    );
  });
});
