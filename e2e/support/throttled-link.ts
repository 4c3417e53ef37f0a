import net from 'node:net';
import { freePort } from '../../server/testing/postgres.ts';

/**
 * A TCP proxy that plays an uplink of a given speed: bytes towards the server leave at `bitsPerSecond`, shared
 * by every connection as on one phone's link; answers come back at once. It counts the bytes it forwarded up.
 */
export interface ThrottledLink {
  port: number;
  /** Bytes forwarded to the server so far. */
  bytesUp(): number;
  stop(): Promise<void>;
}

export async function startThrottledLink(
  upstreamPort: number,
  bitsPerSecond: number,
): Promise<ThrottledLink> {
  let linkFreeAt = 0;
  let forwarded = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      // Each chunk leaves when the link has sent everything before it, as a serial link does.
      const now = performance.now();
      const sendAt = Math.max(now, linkFreeAt);
      linkFreeAt = sendAt + ((chunk.length * 8) / bitsPerSecond) * 1000;
      setTimeout(() => {
        forwarded += chunk.length;
        if (!upstream.destroyed) upstream.write(chunk);
      }, linkFreeAt - now);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    bytesUp: () => forwarded,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
