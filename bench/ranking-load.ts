// The ranking benchmark's HTTP load generator, in a process of its own (forked by
// bench/ranking.ts) so that sending requests does not share the app's event loop. It runs one
// LoadOrder and sends back its LatencySummary.
import autocannon, { type Result } from 'autocannon';
import { runLoad, type LatencySummary } from './latency.js';
import { awardPair, rankingQuery, type LoadOrder } from './ranking-workload.js';

/** The answer's body, read in full (the latency is the whole answer's); throws unless 200. */
async function expectOk(response: Response): Promise<string> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 200)}`);
  return body;
}

/** An autocannon run as the benchmark reports it; `rejected` answers counted as failures. */
function summaryOf(result: Result, rejected = 0): LatencySummary {
  const failures = result.errors + result.timeouts + result.non2xx + rejected;
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
    firstFailure:
      failures > 0
        ? `${failures} requests failed (errors, time-outs, non-2xx, or an award that was not new)`
        : null,
  };
}

/** Awards a connection may send in one run: more than any connection gets answered. */
const AWARDS_PER_CONNECTION = 2_500;

/**
 * The award scenario through autocannon: each connection sends a run of (reader, summary) pairs
 * of its own, never sent before (a repeated pair answers 0 XP after less work), and every
 * answer must award 10 XP.
 */
async function awardLoad(order: LoadOrder): Promise<LatencySummary> {
  const { base, requesters, summaryIds, plan } = order;
  let nextSequence = order.firstSequence;
  let rejected = 0;
  const onResponse = (status: number, body: string) => {
    if (status === 200 && !body.includes('"xpAwarded":10')) rejected += 1;
  };
  const runOfPairs = () => {
    const first = nextSequence;
    nextSequence += AWARDS_PER_CONNECTION;
    return Array.from({ length: AWARDS_PER_CONNECTION }, (_, offset) => {
      const { reader, summaryId } = awardPair(first + offset, requesters, summaryIds);
      return {
        method: 'POST',
        path: '/api/xp',
        headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ eventType: 'read_summary', subjectId: summaryId }),
        onResponse,
      };
    });
  };
  const fire = (duration: number) =>
    autocannon({
      url: base,
      connections: plan.concurrency,
      duration,
      setupClient: (client) => client.setRequests(runOfPairs()),
    });
  await fire(plan.warmupS);
  rejected = 0;
  return summaryOf(await fire(Math.max(plan.minS, 1)), rejected);
}

async function run(order: LoadOrder): Promise<LatencySummary> {
  return order.scenario === 'award' ? awardLoad(order) : rankingLoad(order);
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * The ranking scenarios through autocannon (far lighter per request than fetch, so that the
 * generator does not take the server's core): each connection goes through every requester in
 * an order of its own, a reader's own token and board on each request. Every requester is
 * first sent once, as in a server that has been running: a reader's first request checks their
 * access token's signature, which their next ones for an hour do not.
 */
async function rankingLoad(order: LoadOrder): Promise<LatencySummary> {
  const { base, scenario, requesters, plan } = order;
  if (scenario === 'award') throw new Error('awards are not sent through autocannon');
  const requests = requesters.map((reader) => ({
    method: 'GET',
    path: `/api/ranking?${rankingQuery(scenario, reader)}`,
    headers: { authorization: `Bearer ${reader.token}` },
  }));
  await runLoad(
    { concurrency: 10, warmupS: 0, minS: 0, minRequests: requests.length, maxS: 60 },
    async (sequence) => {
      const request = requests[sequence];
      if (request) await expectOk(await fetch(`${base}${request.path}`, { headers: request.headers }));
    },
  );
  const fire = (duration: number) =>
    autocannon({
      url: base,
      connections: plan.concurrency,
      duration,
      requests,
      setupClient: (client) => client.setRequests(shuffled(requests)),
    });
  await fire(plan.warmupS);
  return summaryOf(await fire(plan.minS));
}

process.on('message', (order: LoadOrder) => {
  run(order).then(
    (summary) => process.send?.({ summary }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
