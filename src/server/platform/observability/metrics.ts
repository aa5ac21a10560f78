import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { Db } from '../db/database';
import { queueDepth } from '../jobs/repo';
import { safeEqual } from '../security/tokens';

/** Job kinds that draw a PDF: their durations are the render durations. */
const RENDER_KINDS = /render/i;

const REQUEST_SECONDS = 'epcplus_http_request_duration_seconds';
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One route, method and status: its count in each bucket (the last past every bound), its sum and count. */
interface RequestSeries {
  labels: { route: string; method: string; status: string };
  inBucket: number[];
  sum: number;
  count: number;
}

/** A line of the exposition as prom-client's registry writes it: the metric's name with a suffix, its labels and value. */
interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/**
 * Time to answer each HTTP request, as a Prometheus histogram by route pattern, method and status:
 * the same series prom-client's Histogram would show, counted more cheaply. Its observe()
 * checks and hashes the labels on every call, a child from labels() too: 3 to 5 µs of server CPU
 * of the 130 to 150 a logged-in call took (perf profiles of the report list and ping), where
 * counting into a series found by one string is a tenth of a µs. The series are turned into
 * prom-client's values only when scraped.
 */
class RequestDurations {
  readonly name = REQUEST_SECONDS;
  readonly help = 'Time to answer an HTTP request, by route pattern, method and status';
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  readonly #series = new Map<string, RequestSeries>();

  constructor(registry: Registry) {
    registry.registerMetric(this as unknown as Metric);
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      series = { labels: { route, method, status: String(status) }, inBucket: REQUEST_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]) bucket++;
    series.inBucket[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** As prom-client's Histogram answers: each bucket counting every request at or under its bound, then +Inf, sum and count. */
  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: ExposedValue[] }> {
    const values: ExposedValue[] = [];
    for (const { labels, inBucket, sum, count } of this.#series.values()) {
      let atOrUnder = 0;
      REQUEST_BUCKETS.forEach((le, i) => {
        atOrUnder += inBucket[i];
        values.push({ labels: { ...labels, le }, value: atOrUnder, metricName: `${REQUEST_SECONDS}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${REQUEST_SECONDS}_bucket` });
      values.push({ labels, value: sum, metricName: `${REQUEST_SECONDS}_sum` });
      values.push({ labels, value: count, metricName: `${REQUEST_SECONDS}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  /** Registry.resetMetrics() starts every metric afresh. */
  reset(): void {
    this.#series.clear();
  }
}

/**
 * Prometheus metrics of one process. Each process has its own registry (tests build several
 * servers in one process); the queue's figures are the shared database's, so any process reports them.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new RequestDurations(registry);
  const jobSeconds = new Histogram({
    name: 'epcplus_job_duration_seconds',
    help: 'Time a background job took, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const renderSeconds = new Histogram({
    name: 'epcplus_pdf_render_duration_seconds',
    help: 'Time to render and store a report PDF',
    labelNames: ['kind'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobsFinished = new Counter({
    name: 'epcplus_jobs_finished_total',
    help: 'Background jobs finished by this process, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  /** One answered request, by the route's pattern (never the raw path: ids and tokens would explode the labels). */
  const observeRequest = (route: string, method: string, status: number, seconds: number) =>
    requestSeconds.observe(route, method, status, seconds);
  return {
    registry,
    observeRequest,
    jobDone(kind: string, seconds: number, outcome: 'done' | 'failed') {
      jobSeconds.observe({ kind, outcome }, seconds);
      jobsFinished.inc({ kind, outcome });
      if (outcome === 'done' && RENDER_KINDS.test(kind)) renderSeconds.observe({ kind }, seconds);
    },
    /** Request latency of every answer Fastify makes, and the gauges and /metrics of the process. */
    register(app: FastifyInstance, sources: { db: Db; realtime: { connectionCount(): number } }, token: string | null) {
      app.addHook('onResponse', (request, reply, done) => {
        observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
      new Gauge({
        name: 'epcplus_push_connections',
        help: 'Push sockets open on this process',
        registers: [registry],
        collect() {
          this.set(sources.realtime.connectionCount());
        },
      });
      // One query per scrape serves both queue gauges.
      let scrape: { at: number; figures: ReturnType<typeof queueDepth> } | null = null;
      const figures = () => {
        const now = Date.now();
        if (!scrape || now - scrape.at > 1000) scrape = { at: now, figures: queueDepth(sources.db, now) };
        return scrape;
      };
      new Gauge({
        name: 'epcplus_job_queue_depth',
        help: 'Jobs ready to run, by state (queued: waiting for a worker; running: claimed)',
        labelNames: ['state'] as const,
        registers: [registry],
        async collect() {
          const { queued, running } = await figures().figures;
          this.set({ state: 'queued' }, queued);
          this.set({ state: 'running' }, running);
        },
      });
      new Gauge({
        name: 'epcplus_job_queue_oldest_age_seconds',
        help: 'How long the oldest ready job has waited for a worker (0: none waits)',
        registers: [registry],
        async collect() {
          const { at, figures: pending } = figures();
          const { oldestReadyAt } = await pending;
          this.set(oldestReadyAt === null ? 0 : (at - oldestReadyAt) / 1000);
        },
      });
      // Off unless METRICS_TOKEN is set; then only a scraper bearing it reads them.
      if (!token) return;
      app.get('/metrics', async (request, reply) => {
        const given = /^Bearer (\S{1,200})$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!safeEqual(given, token)) {
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer')
            .send({ success: false, error: 'Send the metrics token as a bearer token.' });
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}
