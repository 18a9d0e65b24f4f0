// wrk (Debian's package `wrk`) sends the benchmarks' HTTP load from its own process: a C load
// generator takes a small share of the two cores at ~9,000 requests/s, where a Node one
// (autocannon) took about half a core from the app and PostgreSQL, and spent its first seconds
// building requests, which showed as answers of ~2 s. bench/wrk-requests.lua sends the requests
// of a file this module writes.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LatencySummary } from './latency.js';

const SCRIPT = fileURLToPath(new URL('./wrk-requests.lua', import.meta.url));

/** One request line: `token` undefined for a public endpoint, `body` JSON for a POST. */
export interface WrkRequest {
  method: 'GET' | 'POST';
  path: string;
  token?: string | undefined;
  body?: unknown;
}

export interface WrkRun {
  base: string;
  connections: number;
  seconds: number;
  /** Where the request lines are written. */
  file: string;
  requests: readonly WrkRequest[];
  /** `random`: each request a random line; `once`: the lines in order, each once. */
  order: 'random' | 'once';
  /** Text every answer must hold (an award that awarded something). */
  expected?: string | undefined;
  /**
   * Milliseconds every connection waits, once open, before its first request (default
   * DEFAULT_HOLD_FIRST_MS; 0 sends at once): the connections then all open while the server is
   * idle, and `seconds` of requests follow on connections already open. Without it, a server on Node 20, which accepts one connection per
   * turn of its event loop, answers the first requests of a busy run's last connections seconds
   * late, and wrk's correction turns those few into the run's p99 (docs/deploy.md).
   */
  holdFirstMs?: number | undefined;
}

/** Connections open, then wait this long before their first request, unless a run says otherwise. */
export const DEFAULT_HOLD_FIRST_MS = 1000;

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
  /** The first failed answer's status and the start of its body ('' when none failed). */
  firstBad: z.string().default(''),
});

const ms = (microseconds: number) => Math.round(microseconds / 10) / 100;

function line({ method, path, token, body }: WrkRequest): string {
  return `${method} ${path} ${token ?? '-'}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
}

function spawnWrk(base: string, connections: number, seconds: number, args: string[]): Promise<string> {
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
          ? new Error('the benchmark sends its HTTP load with wrk: apt-get install wrk')
          : error,
      ),
    );
    // 'close', not 'exit': the output may still be arriving when the process has exited.
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`wrk exited with ${code}: ${output.slice(0, 500)}`));
    });
  });
}

/** Writes the requests, runs wrk for the run's time and answers its figures. */
export async function runWrk(run: WrkRun): Promise<LatencySummary> {
  await writeFile(run.file, `${run.requests.map(line).join('\n')}\n`);
  const holdMs = run.holdFirstMs ?? DEFAULT_HOLD_FIRST_MS;
  const output = await spawnWrk(run.base, run.connections, run.seconds + Math.ceil(holdMs / 1000), [
    run.file,
    run.order,
    String(randomInt(1, 2 ** 31)),
    String(holdMs),
    String(run.connections),
    ...(run.expected ? [run.expected] : []),
  ]);
  const resultLine = output.split('\n').find((text) => text.startsWith('RESULT '));
  if (!resultLine) throw new Error(`wrk printed no result: ${output.slice(0, 500)}`);
  const result = wrkResultSchema.parse(JSON.parse(resultLine.slice('RESULT '.length)));
  const failures =
    result.connectErrors +
    result.readErrors +
    result.writeErrors +
    result.non2xx +
    result.timeouts +
    result.rejected;
  // The requests' own time: the hold is in wrk's duration, and sends nothing.
  const seconds = result.durationUs / 1e6 - holdMs / 1000;
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
        ? `${failures} requests failed (connect ${result.connectErrors}, read ${result.readErrors}, write ${result.writeErrors}, non-2xx ${result.non2xx}, time-outs ${result.timeouts}, rejected ${result.rejected}); first: ${result.firstBad}`
        : null,
  };
}
