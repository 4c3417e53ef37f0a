import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the local server answers the next chat completion. */
export type ChatBehaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  | { kind: 'plain'; text: string }
  | { kind: 'status'; status: number }
  /** Never answers: a timeout or a cancel must end it. */
  | { kind: 'hang' };

/** How it answers the next speech request: audio bytes, or an HTTP error. */
export type SpeechBehaviour = { kind: 'audio'; data: Buffer } | { kind: 'status'; status: number };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Resolves when the client went away before the answer ended (an aborted request). */
  aborted: Promise<void>;
}

/**
 * A local server shaped like the OpenAI API (`/v1/chat/completions`, streamed as server-sent events or whole,
 * and `/v1/audio/speech`), as OpenAI, Ollama and vLLM answer them: the AI writer and voice are tested against
 * it, never against a stub of our own code. Each test sets how it answers and reads what it was sent.
 */
export async function startOpenAiServer() {
  let chat: ChatBehaviour = { kind: 'plain', text: 'Happy birthday, Alex!\nLove, Sam' };
  let speech: SpeechBehaviour = { kind: 'status', status: 500 };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    // Recorded as it arrives, its body once read: a client that gives up before then (its timeout, on a loaded
    // machine, can fire before this server has read the body) has still sent a request, and aborted it.
    const recorded: RecordedRequest = {
      path: request.url ?? '',
      headers: request.headers,
      body: {},
      aborted: new Promise<void>((resolve) =>
        response.on('close', () => {
          if (!response.writableFinished) resolve();
        }),
      ),
    };
    requests.push(recorded);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        recorded.body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // Left empty: the test's own check fails on it.
      }
      if (request.url === '/v1/chat/completions') answerChat(response);
      else if (request.url === '/v1/audio/speech') answerSpeech(response);
      else response.writeHead(404).end();
    });
  });

  function answerChat(response: http.ServerResponse): void {
    const behaviour = chat;
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'status') {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'upstream failure' } }));
      return;
    }
    if (behaviour.kind === 'plain') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' },
          ],
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces = [...behaviour.pieces];
    const next = () => {
      const piece = pieces.shift();
      if (piece === undefined) {
        response.end('data: [DONE]\n\n');
        return;
      }
      const chunk = {
        id: 'chatcmpl-test',
        object: 'chat.completion.chunk',
        choices: [{ delta: { content: piece } }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      setTimeout(next, behaviour.delayMs ?? 5);
    };
    next();
  }

  function answerSpeech(response: http.ServerResponse): void {
    if (speech.kind === 'status') {
      response.writeHead(speech.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'speech failure' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(speech.data.length) });
    response.end(speech.data);
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure: `AI_BASE_URL` / `TTS_BASE_URL`. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerChatWith(behaviour: ChatBehaviour) {
      chat = behaviour;
    },
    answerSpeechWith(behaviour: SpeechBehaviour) {
      speech = behaviour;
    },
    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
