// The ranking benchmark's HTTP load, sent by wrk (bench/wrk.ts): ranking requests from random
// readers, awards each from a new (reader, summary) pair.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLoad, type LatencySummary } from './latency.js';
import { awardPair, rankingQuery, type LoadOrder } from './ranking-workload.js';
import { runWrk, type WrkRequest } from './wrk.js';

/** Distinct (reader, summary) pairs written for an award run: more than any run sends. */
const AWARD_PAIRS = 60_000;

/** The requests of a run, and the text every answer must hold. */
function requestsOf(order: LoadOrder): { requests: WrkRequest[]; expected?: string } {
  const { scenario, requesters, firstSequence } = order;
  if (scenario !== 'award') {
    return {
      requests: requesters.map((reader) => ({
        method: 'GET',
        path: `/api/ranking?${rankingQuery(scenario, reader)}`,
        token: reader.token,
      })),
    };
  }
  // Each a pair never sent before (a repeated pair answers 0 XP after less work).
  const requests = Array.from({ length: AWARD_PAIRS }, (_, offset): WrkRequest => {
    const { reader, summaryId } = awardPair(firstSequence + offset, requesters, order.summaryIds);
    return {
      method: 'POST',
      path: '/api/xp',
      token: reader.token,
      body: { eventType: 'read_summary', subjectId: summaryId },
    };
  });
  return { requests, expected: '"xpAwarded":10' };
}

/**
 * Every ranking requester's request once, as in a server that has been running: a reader's
 * first request checks their access token's signature, which their next ones for an hour do not.
 */
async function sendEveryRequesterOnce(order: LoadOrder): Promise<void> {
  const { base, scenario, requesters } = order;
  if (scenario === 'award') return;
  const sent = await runLoad(
    { concurrency: 10, warmupS: 0, minS: 0, minRequests: requesters.length, maxS: 60 },
    async (sequence) => {
      const reader = requesters[sequence];
      if (!reader) return;
      const response = await fetch(`${base}/api/ranking?${rankingQuery(scenario, reader)}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${response.status}: ${body.slice(0, 200)}`);
    },
  );
  if (sent.failures > 0) throw new Error(`a ranking request failed: ${sent.firstFailure}`);
}

/**
 * One scenario over HTTP: a warm-up, then the measured run, each connection sending its next
 * request when the last is answered. Ranking requests come from random readers; awards each
 * from a new (reader, summary) pair, and every answer must award 10 XP or it is a failure.
 */
export async function overHttp(order: LoadOrder): Promise<LatencySummary> {
  const { base, plan } = order;
  const folder = await mkdtemp(path.join(tmpdir(), 'summa-bench-load-'));
  try {
    // The warm-up's pairs are its own: the measured run's award pairs come after them.
    const run = (seconds: number, firstSequence: number) => {
      const { requests, expected } = requestsOf({ ...order, firstSequence });
      return runWrk({
        base,
        connections: plan.concurrency,
        seconds,
        file: path.join(folder, 'requests.txt'),
        requests,
        order: expected ? 'once' : 'random',
        expected,
      });
    };
    if (order.scenario !== 'award') await sendEveryRequesterOnce(order);
    if (plan.warmupS > 0) await run(plan.warmupS, order.firstSequence);
    return await run(plan.minS, order.firstSequence + AWARD_PAIRS);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
