import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The body of one Server-Sent Events answer. */
export interface EventStream {
  /** What the reply sends. */
  readonly body: PassThrough;
  /** Writes a chunk; does nothing once the stream has ended (the client left, or the server is stopping). */
  write(chunk: string): void;
}

/**
 * Whether the process has begun to stop. Set by the signal handler before the server closes (and by the
 * close itself), so readiness answers 503 while requests are still served and a proxy stops sending new ones.
 */
export interface ShutdownState {
  readonly begun: boolean;
  begin(): void;
}

export function createShutdownState(): ShutdownState {
  let begun = false;
  return {
    get begun() {
      return begun;
    },
    begin() {
      begun = true;
    },
  };
}

export interface EventStreams {
  /** A new stream for `reply`, ended when the server shuts down (at once when it already is). */
  open(reply: FastifyReply): EventStream;
}

/**
 * Lets the server stop as soon as its ordinary requests are answered. Fastify's close waits for every open
 * connection, and Server-Sent Event streams never end by themselves, so it used to wait for the process's
 * grace period. On close (preClose, before the server stops listening) every open event stream ends and is
 * waited for (the browser's EventSource reconnects, to another instance or to this one once it is back), and
 * any answer sent while closing asks the client to close its connection (or, when its headers went out before,
 * has it closed once it is sent), so a keep-alive connection of a request still in flight does not hold the
 * server open once that request is answered.
 */
export function registerGracefulShutdown(app: FastifyInstance, shutdown: ShutdownState): EventStreams {
  const streams = new Map<PassThrough, Promise<void>>();
  let closing = false;

  app.addHook('preClose', async () => {
    closing = true;
    shutdown.begin();
    const answered = [...streams.values()];
    for (const body of streams.keys()) body.end();
    await Promise.all(answered);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  // An answer whose headers went out before the close (without `Connection: close`) leaves a keep-alive
  // connection that Node would keep open until its idle timeout (72 s), holding the close back: once it is
  // answered, the connection is closed.
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });

  return {
    open(reply) {
      const body = new PassThrough();
      if (closing) body.end();
      else {
        const answered = new Promise<void>((resolve) => {
          reply.raw.once('close', () => {
            streams.delete(body);
            resolve();
          });
        });
        streams.set(body, answered);
      }
      return {
        body,
        write(chunk) {
          if (!body.writableEnded) body.write(chunk);
        },
      };
    },
  };
}
