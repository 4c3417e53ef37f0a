import type { FastifyReply } from 'fastify';
import type { EventStreams } from './graceful-shutdown.ts';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** Sends one named event on the stream. */
export type SendEvent = (event: string, data: unknown) => void;

/** Starts what a stream carries; answers how to stop it when the stream closes. */
export type EventSource = (send: SendEvent) => (() => void) | Promise<() => void>;

/**
 * Answers `reply` with a Server-Sent Events stream fed by `sources`: the reconnection delay first, a heartbeat
 * every 25 s, each source started in order and stopped when the client goes away or the server shuts down
 * (the stream's body is one of `streams`). The route must be registered with `compress: false`: a compressor
 * would hold events back until its buffer fills.
 */
export async function sendEventStream(
  reply: FastifyReply,
  streams: EventStreams,
  sources: readonly EventSource[],
): Promise<FastifyReply> {
  const stream = streams.open(reply);
  const send: SendEvent = (event, data) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  stream.write('retry: 3000\n\n');
  const stops: (() => void)[] = [];
  for (const source of sources) stops.push(await source(send));
  const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // The response closes when the client goes away or the stream ended (the request's own 'close' fires once
  // its body is read).
  reply.raw.once('close', () => {
    clearInterval(heartbeat);
    for (const stop of stops) stop();
    stream.body.end();
  });
  return reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache, no-transform')
    .header('X-Accel-Buffering', 'no')
    .send(stream.body);
}
