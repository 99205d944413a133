/**
 * One load run with autocannon: fixed connections for a fixed time, with every response's latency
 * kept so p50/p95/p99 are exact order statistics (autocannon's summary has no p95).
 */
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response body size, bytes. */
  bytes: number;
  /** Every answer's latency, ms, ascending (what the percentiles are read from). */
  latencies: number[];
  /** The window's length, s. */
  seconds: number;
}

/** The q-quantile (0..1) of ascending values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export async function load(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Ends the window after this many answers instead of at `seconds` (autocannon's `amount`). */
  answers?: number;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let bytes = 0;
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.seconds,
        ...(opts.answers ? { amount: opts.answers } : {}),
        // autocannon ends a run at its next sample after the duration: a window shorter than its
        // default second (the bench's own test) samples at its own length.
        sampleInt: Math.min(1000, opts.seconds * 1000),
        headers: opts.headers,
        // A slow answer is a result, not an error: wait for it.
        timeout: 60,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  instance.on('response', (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  const seconds = (result.duration ?? opts.seconds) || opts.seconds;
  return {
    requests: latencies.length,
    reqPerSec: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: latencies.length ? bytes / latencies.length : 0,
    latencies,
    seconds,
  };
}

/**
 * Several windows of the same load as one result: every answer's latency pooled (so the
 * percentiles are of all of them), throughput over the windows' total time.
 */
export function mergeLoads(parts: LoadResult[]): LoadResult {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  const sum = (pick: (p: LoadResult) => number) => parts.reduce((total, p) => total + pick(p), 0);
  return {
    requests: latencies.length,
    reqPerSec: seconds ? latencies.length / seconds : 0,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    non2xx: sum((p) => p.non2xx),
    errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts),
    bytes: latencies.length ? sum((p) => p.bytes * p.requests) / latencies.length : 0,
    latencies,
    seconds,
  };
}
