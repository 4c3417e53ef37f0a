/**
 * The client side of bench/unlocks.ts and bench/invitations.ts, run as a separate process so sending and
 * timing requests never competes with the server for its event loop. Input on stdin, one JSON object:
 * `baseUrl`, `origin`, `paths` (one request each) and `cookies` (the cookie header of each, or none),
 * `workers` (requests in flight), `method`, and `bodies` (the JSON body of each request; `{}` when left out).
 * Output: one JSON line with the throughput, latencies, the number of answers other than 200, how many of
 * each status there were, and when the last answer arrived (epoch ms).
 */
import http from 'node:http';
import { text } from 'node:stream/consumers';

const { baseUrl, cookies, origin, paths, workers, method, bodies } = JSON.parse(await text(process.stdin));
const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
const sendsBody = method !== 'GET';
const headersWith = (cookie, body) => ({
  ...(cookie ? { cookie } : {}),
  ...(sendsBody
    ? { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
    : {}),
});

/** One request; answers its status once the whole body has arrived. */
function send(path, cookie, body = '{}') {
  const headers = headersWith(cookie, body);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, baseUrl), { method, headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(sendsBody ? body : undefined);
  });
}

const latencies = [];
let failures = 0;
const statuses = {};
let next = 0;
const startedAt = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (next < paths.length) {
      const index = next++;
      const sentAt = performance.now();
      const status = await send(paths[index], cookies?.[index], bodies?.[index]);
      latencies.push(performance.now() - sentAt);
      if (status !== 200) failures += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - startedAt) / 1000;
const lastAnswerAt = Date.now();
const cpu = process.cpuUsage(cpuBefore);
const clientCpuMs = (cpu.user + cpu.system) / 1000 / paths.length;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
process.stdout.write(
  `${JSON.stringify({ perSecond: paths.length / seconds, p50: at(0.5), p99: at(0.99), failures, statuses, clientCpuMs, lastAnswerAt })}\n`,
);
