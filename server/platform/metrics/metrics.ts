import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client): Node's default ones, HTTP requests by route pattern, and
 * whatever the modules count where their business events happen. One registry per app, so tests that build
 * several apps in one process do not share counters.
 */
export interface Metrics {
  readonly registry: Registry;
  /** A counter of this app; its owner calls `inc` where the event happens. */
  counter<L extends string = never>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /** A gauge read when Prometheus scrapes (`read` answers the current values, one per label set). */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Array<{ labels?: Partial<Record<L, string>>; value: number }>,
  ): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    counter(name, help, labelNames = []) {
      return new Counter({ name, help, labelNames, registers: [registry] });
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          this.reset();
          for (const { labels, value } of read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}

/** Request durations in seconds: from a cached answer (~1 ms) to a slow upload or AI answer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Counts and times every answered request by method, route pattern (`/api/cards/:id`, never the URL a client
 * sent: ids would make a series per card) and status. A request no route matched is `unmatched`. The labelled
 * series is looked up once per method, route and status and kept, so a request costs a Map lookup and one
 * observation.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'winc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status (its _count is the request count).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  const series = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = duration.labels(request.method, route, String(reply.statusCode));
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics in Prometheus's text format, for a scraper that sends `Authorization: Bearer METRICS_TOKEN`.
 * Without a token configured the route answers 404, as if it did not exist; a wrong or missing token 401.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  const expected =
    token === undefined ? undefined : crypto.createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (expected === undefined) {
      return reply.status(404).send({ code: 'not-found', message: 'Not found.' });
    }
    // Compared as digests of equal length, in constant time.
    const given = crypto
      .createHash('sha256')
      .update(request.headers.authorization ?? '')
      .digest();
    if (!crypto.timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ code: 'unauthenticated', message: 'The metrics token is missing or wrong.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** PostgreSQL's connection pool, read at each scrape (nothing on SQLite: one connection, no pool). */
export function observeDatabasePool(
  metrics: Metrics,
  database: { poolStats(): { total: number; idle: number; waiting: number } | null },
): void {
  metrics.gauge(
    'winc_db_pool_connections',
    'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting).',
    ['state'],
    () => {
      const stats = database.poolStats();
      if (!stats) return [];
      return [
        { labels: { state: 'total' }, value: stats.total },
        { labels: { state: 'idle' }, value: stats.idle },
        { labels: { state: 'waiting' }, value: stats.waiting },
      ];
    },
  );
}

/** The built-in speech engine's worker pool, read at each scrape. */
export function observeSpeechPool(
  metrics: Metrics,
  engine: { stats(): { threads: number; completed: number; queued: number } },
): void {
  metrics.gauge('winc_speech_synthesis_queued', 'Speech syntheses waiting for a worker thread.', [], () => [
    { value: engine.stats().queued },
  ]);
  metrics.gauge('winc_speech_worker_threads', 'Speech worker threads alive.', [], () => [
    { value: engine.stats().threads },
  ]);
  metrics.gauge(
    'winc_speech_synthesis_completed',
    'Speech syntheses completed by the worker pool since it started.',
    [],
    () => [{ value: engine.stats().completed }],
  );
}
