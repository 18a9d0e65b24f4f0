// The ranking benchmark's HTTP load generator, in a process of its own (forked by
// bench/ranking.ts) so that sending requests does not share the app's event loop. It runs one
// LoadOrder and sends back its LatencySummary.
import autocannon from 'autocannon';
import { runLoad, type LatencySummary } from './latency.js';
import { awardPair, rankingQuery, type LoadOrder } from './ranking-workload.js';

/** The answer's body, read in full (the latency is the whole answer's); throws unless 200. */
async function expectOk(response: Response): Promise<string> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 200)}`);
  return body;
}

async function run(order: LoadOrder): Promise<LatencySummary> {
  const { base, scenario, requesters, summaryIds } = order;
  if (scenario === 'award') {
    return runLoad(order.plan, async (sequence) => {
      const { reader, summaryId } = awardPair(order.firstSequence + sequence, requesters, summaryIds);
      const body = await expectOk(
        await fetch(`${base}/api/xp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ eventType: 'read_summary', subjectId: summaryId }),
        }),
      );
      // Every award must be a new one: a repeated pair answers 0 XP after less work.
      const { xpAwarded } = JSON.parse(body) as { xpAwarded?: number };
      if (xpAwarded !== 10) throw new Error(`award of ${String(xpAwarded)} XP: not a new pair`);
    });
  }
  return rankingLoad(order);
}

/**
 * The ranking scenarios through autocannon (far lighter per request than fetch, so that the
 * generator does not take the server's core): each connection goes through every requester in
 * a shuffled order, a reader's own token and board on each request.
 */
async function rankingLoad(order: LoadOrder): Promise<LatencySummary> {
  const { base, scenario, requesters, plan } = order;
  if (scenario === 'award') throw new Error('awards are not sent through autocannon');
  const requests = [...requesters]
    .sort(() => Math.random() - 0.5)
    .map((reader) => ({
      method: 'GET',
      path: `/api/ranking?${rankingQuery(scenario, reader)}`,
      headers: { authorization: `Bearer ${reader.token}` },
    }));
  const fire = (duration: number) =>
    autocannon({ url: base, connections: plan.concurrency, duration, requests });
  await fire(plan.warmupS);
  const result = await fire(plan.minS);
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    requests: result.requests.total,
    failures,
    seconds: result.duration,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    meanMs: result.latency.mean,
    firstFailure: failures > 0 ? `${failures} requests failed (errors, time-outs or non-2xx)` : null,
  };
}

process.on('message', (order: LoadOrder) => {
  run(order).then(
    (summary) => process.send?.({ summary }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
