/** The part of autocannon the benches use (it ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    workers?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
