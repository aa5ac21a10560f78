import { Histogram, Registry } from 'prom-client';
import { createMetrics } from '../../../../src/server/platform/observability/metrics';

const REQUEST_SECONDS = 'epcplus_http_request_duration_seconds';

/** The request-duration lines of an exposition, each series' labels in one order (le last). */
async function requestLines(registry: Registry): Promise<string[]> {
  return (await registry.metrics())
    .split('\n')
    .filter((line) => line.startsWith(REQUEST_SECONDS))
    .map((line) => line.replace(/\{le="([^"]+)",(.*)\}/, '{$2,le="$1"}'))
    .sort();
}

describe('request durations on /metrics', () => {
  const answered: [route: string, method: string, status: number, seconds: number][] = [
    ['/api/reports', 'GET', 200, 0.003],
    ['/api/reports', 'GET', 200, 0.005],
    ['/api/reports', 'GET', 200, 0.02],
    ['/api/reports', 'GET', 200, 12],
    ['/api/ping', 'POST', 401, 0.25],
    ['unmatched', 'GET', 404, 0.0001],
  ];

  it("shows the series, buckets, sums and counts prom-client's Histogram shows for the same requests", async () => {
    const metrics = createMetrics();
    for (const request of answered) metrics.observeRequest(...request);
    const reference = new Registry();
    const histogram = new Histogram({
      name: REQUEST_SECONDS,
      help: 'Time to answer an HTTP request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [reference],
    });
    for (const [route, method, status, seconds] of answered) histogram.observe({ route, method, status: String(status) }, seconds);

    const shown = await requestLines(metrics.registry);
    expect(shown).toEqual(await requestLines(reference));
    // A bound holds the requests at or under it.
    expect(shown).toContain(`${REQUEST_SECONDS}_bucket{route="/api/reports",method="GET",status="200",le="0.005"} 2`);
    expect(shown).toContain(`${REQUEST_SECONDS}_bucket{route="/api/reports",method="GET",status="200",le="+Inf"} 4`);
  });

  it('starts afresh when the registry is reset', async () => {
    const metrics = createMetrics();
    metrics.observeRequest('/api/ping', 'POST', 200, 0.001);
    metrics.registry.resetMetrics();
    expect(await requestLines(metrics.registry)).toEqual([]);
  });
});
