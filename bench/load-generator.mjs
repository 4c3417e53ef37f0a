/**
 * The load side of the benchmark, run by bench/run.ts as a separate process so the generator never competes
 * with the server for its event loop. Input: one JSON argument (autocannon options, `paths` cycled by every
 * connection, `headers` sent with every request). Output: one JSON line with the figures run.ts prints.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const { url, paths, headers = {}, connections = 50, duration = 10 } = options;

const result = await autocannon({
  url,
  connections,
  duration,
  headers,
  // Each connection walks through these in turn, so a list of thumbnails is spread over all connections.
  ...(paths ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
});

// This process's own CPU time: near the run's length, the generator (not the server) set the pace.
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
