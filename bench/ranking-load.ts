// The ranking benchmark's HTTP load, sent by wrk (Debian's package `wrk`) from its own process:
// a C load generator takes a small share of the two cores at ~9,000 requests/s, where a Node
// one (autocannon) took about half a core from the app and PostgreSQL, and spent its first
// seconds building requests, which showed as answers of ~2 s. bench/ranking-load.lua sends
// the requests this module writes to a file.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runLoad, type LatencySummary } from './latency.js';
import { awardPair, rankingQuery, type LoadOrder } from './ranking-workload.js';

const SCRIPT = fileURLToPath(new URL('./ranking-load.lua', import.meta.url));
/** Distinct (reader, summary) pairs written for an award run: more than any run sends. */
const AWARD_PAIRS = 60_000;

const wrkResultSchema = z.object({
  requests: z.number(),
  durationUs: z.number(),
  connectErrors: z.number(),
  readErrors: z.number(),
  writeErrors: z.number(),
  non2xx: z.number(),
  timeouts: z.number(),
  rejected: z.number(),
  p50Us: z.number(),
  p90Us: z.number(),
  p99Us: z.number(),
  maxUs: z.number(),
  meanUs: z.number(),
});

const ms = (microseconds: number) => Math.round(microseconds / 10) / 100;

/** The request lines of a run (see bench/ranking-load.lua), and the text every answer must hold. */
function requestLines(order: LoadOrder): { lines: string[]; expected?: string } {
  const { scenario, requesters, summaryIds, firstSequence } = order;
  if (scenario !== 'award') {
    return {
      lines: requesters.map((reader) => `GET /api/ranking?${rankingQuery(scenario, reader)} ${reader.token}`),
    };
  }
  // Each a pair never sent before (a repeated pair answers 0 XP after less work).
  const lines = Array.from({ length: AWARD_PAIRS }, (_, offset) => {
    const { reader, summaryId } = awardPair(firstSequence + offset, requesters, summaryIds);
    return `POST /api/xp ${reader.token} ${JSON.stringify({ eventType: 'read_summary', subjectId: summaryId })}`;
  });
  return { lines, expected: '"xpAwarded":10' };
}

function wrk(base: string, connections: number, seconds: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', SCRIPT, base, '--', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('bench:ranking sends its HTTP load with wrk: apt-get install wrk')
          : error,
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`wrk exited with ${code}: ${output.slice(0, 500)}`));
    });
  });
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
    const file = path.join(folder, 'requests.txt');
    // The warm-up's pairs are its own: the measured run's award pairs come after them.
    const run = async (seconds: number, firstSequence: number) => {
      const { lines, expected } = requestLines({ ...order, firstSequence });
      await writeFile(file, `${lines.join('\n')}\n`);
      return wrk(base, plan.concurrency, seconds, expected ? [file, expected] : [file]);
    };
    if (order.scenario !== 'award') await sendEveryRequesterOnce(order);
    if (plan.warmupS > 0) await run(plan.warmupS, order.firstSequence);
    const output = await run(plan.minS, order.firstSequence + AWARD_PAIRS);
    const line = output.split('\n').find((text) => text.startsWith('RESULT '));
    if (!line) throw new Error(`wrk printed no result: ${output.slice(0, 500)}`);
    const result = wrkResultSchema.parse(JSON.parse(line.slice('RESULT '.length)));
    const failures =
      result.connectErrors +
      result.readErrors +
      result.writeErrors +
      result.non2xx +
      result.timeouts +
      result.rejected;
    const seconds = result.durationUs / 1e6;
    return {
      requests: result.requests,
      failures,
      seconds: Math.round(seconds * 100) / 100,
      requestsPerSecond: Math.round(result.requests / seconds),
      p50Ms: ms(result.p50Us),
      p90Ms: ms(result.p90Us),
      p99Ms: ms(result.p99Us),
      maxMs: ms(result.maxUs),
      meanMs: ms(result.meanUs),
      firstFailure:
        failures > 0
          ? `${failures} requests failed (connection errors, time-outs, non-2xx, or an award that was not new)`
          : null,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
