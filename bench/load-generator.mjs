/**
 * The load side of the benchmark, run by bench/run.ts as a separate process so the generator never competes
 * with the server for its event loop. Input: one JSON argument (`url`, `paths` cycled by every connection,
 * `headers` sent with every request, `connections`, `duration` in seconds). Output: one JSON line with the
 * figures run.ts prints.
 *
 * A keep-alive HTTP/1.1 GET client on plain sockets, one request in flight per connection, as a browser's
 * connection is. It reads a response's head and skips its body by length, never decoding it: a generator that
 * spends more per answer than the server does measures itself (docs/decisions/0031-bench-load-generator.md).
 */
import net from 'node:net';

const options = JSON.parse(process.argv[2] ?? '{}');
const { url, headers = {}, connections = 50, duration = 10 } = options;
const target = new URL(url);
const paths = options.paths ?? [`${target.pathname}${target.search}`];

/** A request still unanswered this long when the run ends counts as timed out. */
const TIMEOUT_MS = 10_000;
const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

const headerLines = Object.entries({ host: target.host, ...headers })
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
const requests = paths.map((path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`, 'latin1'));

const totals = { requests: 0, non2xx: 0, errors: 0, bytes: 0 };
const latencies = [];
const clients = [];
let running = true;

/**
 * Reads one response at a time from a connection's bytes: the head (status, Content-Length or chunked), then
 * as many body bytes as it announced. `push` answers true each time a response has ended.
 */
function responseReader() {
  let pending = null;
  /** Body bytes still to skip; -1 while reading a head, -2 while reading a chunk-size line. */
  let remaining = -1;
  let chunked = false;
  let status = 0;

  return {
    get status() {
      return status;
    },
    /** Takes bytes; answers how many responses they ended. */
    push(chunk) {
      let data = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      let ended = 0;
      for (;;) {
        if (remaining === -1) {
          const end = data.indexOf(HEAD_END);
          if (end < 0) break;
          const head = data.latin1Slice(0, end);
          data = data.subarray(end + HEAD_END.length);
          status = Number(head.slice(9, 12));
          chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
          const length = /\r\ncontent-length: *(\d+)/i.exec(head);
          remaining = chunked ? -2 : length ? Number(length[1]) : 0;
          continue;
        }
        if (remaining === -2) {
          const end = data.indexOf(LINE_END);
          if (end < 0) break;
          const size = Number.parseInt(data.latin1Slice(0, end), 16);
          data = data.subarray(end + LINE_END.length);
          // The last chunk (size 0) ends with an empty line; no trailers come from our server.
          remaining = size === 0 ? 2 : size + 2;
          chunked = size !== 0;
          continue;
        }
        if (data.length < remaining) {
          remaining -= data.length;
          return ended;
        }
        data = data.subarray(remaining);
        if (chunked) {
          remaining = -2;
          continue;
        }
        remaining = -1;
        ended++;
      }
      if (data.length > 0) pending = Buffer.from(data);
      return ended;
    },
  };
}

function connect(client) {
  const socket = net.connect(Number(target.port), target.hostname);
  socket.setNoDelay(true);
  const reader = responseReader();

  const send = () => {
    client.sentAt = performance.now();
    socket.write(requests[client.next]);
    client.next = (client.next + 1) % requests.length;
  };

  socket.on('connect', send);
  socket.on('data', (chunk) => {
    totals.bytes += chunk.length;
    const ended = reader.push(chunk);
    if (ended === 0) return;
    totals.requests++;
    if (reader.status < 200 || reader.status >= 300) totals.non2xx++;
    latencies.push(performance.now() - client.sentAt);
    client.sentAt = null;
    if (running) send();
  });
  socket.on('error', () => {
    totals.errors++;
  });
  socket.on('close', () => {
    // A server that closed a connection (an error, a restart) gets a new one, as a browser would open.
    if (!running) return;
    client.sentAt = null;
    connect(client);
  });
}

for (let index = 0; index < connections; index++) {
  const client = { next: index % requests.length, sentAt: null };
  clients.push(client);
  connect(client);
}

const percentile = (sorted, fraction) =>
  sorted.length === 0
    ? 0
    : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] * 10) / 10;

setTimeout(() => {
  running = false;
  const now = performance.now();
  const timeouts = clients.filter(
    (client) => client.sentAt !== null && now - client.sentAt > TIMEOUT_MS,
  ).length;
  latencies.sort((a, b) => a - b);
  // This process's own CPU time: near the run's length, the generator (not the server) set the pace.
  const cpu = process.cpuUsage();
  process.stdout.write(
    `${JSON.stringify({
      requestsPerSecond: totals.requests / duration,
      totalRequests: totals.requests,
      latencyP50: percentile(latencies, 0.5),
      latencyP99: percentile(latencies, 0.99),
      bytesPerSecond: totals.bytes / duration,
      non2xx: totals.non2xx,
      errors: totals.errors,
      timeouts,
      cpuMs: (cpu.user + cpu.system) / 1000,
    })}\n`,
  );
  process.exit(0);
}, duration * 1000);
