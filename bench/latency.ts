/** Latency figures of one measured run: nearest-rank percentiles over every request. */
export interface LatencySummary {
  requests: number;
  failures: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** What the first failure said, if any failed. */
  firstFailure: string | null;
}

/** The nearest-rank percentile `q` (0 < q <= 1) of ascending `sorted` values. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function summarize(
  latenciesMs: readonly number[],
  failures: number,
  seconds: number,
  firstFailure: string | null = null,
): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    requests: sorted.length,
    failures,
    seconds: round2(seconds),
    requestsPerSecond: Math.round(sorted.length / seconds),
    p50Ms: round2(percentile(sorted, 0.5)),
    p90Ms: round2(percentile(sorted, 0.9)),
    p99Ms: round2(percentile(sorted, 0.99)),
    maxMs: round2(sorted.at(-1) ?? Number.NaN),
    meanMs: round2(sorted.length ? total / sorted.length : Number.NaN),
    firstFailure,
  };
}

/**
 * One endpoint's figures from runs against several instances at once: counts and rates add up;
 * each percentile and the maximum are the highest instance's (at least the merged one), the mean
 * is weighted by requests.
 */
export function mergeSummaries(parts: readonly LatencySummary[]): LatencySummary {
  const requests = parts.reduce((sum, part) => sum + part.requests, 0);
  const highest = (pick: (part: LatencySummary) => number) => Math.max(...parts.map(pick));
  return {
    requests,
    failures: parts.reduce((sum, part) => sum + part.failures, 0),
    seconds: highest((part) => part.seconds),
    requestsPerSecond: parts.reduce((sum, part) => sum + part.requestsPerSecond, 0),
    p50Ms: highest((part) => part.p50Ms),
    p90Ms: highest((part) => part.p90Ms),
    p99Ms: highest((part) => part.p99Ms),
    maxMs: highest((part) => part.maxMs),
    meanMs: round2(
      requests ? parts.reduce((sum, part) => sum + part.meanMs * part.requests, 0) / requests : Number.NaN,
    ),
    firstFailure: parts.find((part) => part.firstFailure !== null)?.firstFailure ?? null,
  };
}

export interface LoadPlan {
  /** Concurrent virtual readers, each sending its next request when the last one is answered. */
  concurrency: number;
  warmupS: number;
  /** Measure at least this long, and on until `minRequests` have been answered (up to `maxS`). */
  minS: number;
  minRequests: number;
  maxS: number;
}

/**
 * Runs `call` from `plan.concurrency` loops: a warm-up, then the measured part. `call(i)` gets
 * a running number (distinct per call) and throws on a failure; failures are counted, not timed.
 */
export async function runLoad(
  plan: LoadPlan,
  call: (sequence: number) => Promise<void>,
): Promise<LatencySummary> {
  let sequence = 0;
  const phase = async (seconds: number, minRequests: number, maxS: number, latencies: number[]) => {
    let failures = 0;
    let firstFailure: string | null = null;
    const started = performance.now();
    const enough = () => {
      const elapsed = (performance.now() - started) / 1000;
      return elapsed >= maxS || (elapsed >= seconds && latencies.length + failures >= minRequests);
    };
    const loop = async () => {
      while (!enough()) {
        const mine = sequence;
        sequence += 1;
        const sent = performance.now();
        try {
          await call(mine);
          latencies.push(performance.now() - sent);
        } catch (error) {
          failures += 1;
          firstFailure ??= String(error);
        }
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, loop));
    return { failures, firstFailure, seconds: (performance.now() - started) / 1000 };
  };
  await phase(plan.warmupS, 0, plan.warmupS, []);
  const latencies: number[] = [];
  const { failures, firstFailure, seconds } = await phase(plan.minS, plan.minRequests, plan.maxS, latencies);
  return summarize(latencies, failures, seconds, firstFailure);
}
