/**
 * What every answer of the fuzz suite must satisfy, and the bookkeeping of a fuzz run: requests
 * sent per endpoint and the distinct violations found, each with one reproducing request.
 */
import { maxHeaderSize } from 'node:http';
import { connect } from 'node:net';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@summa/shared';
import type { App } from '../app.js';
import type { Database } from '../db/database.js';
import * as schema from '../db/schema/index.js';

/** No single request may take longer than this; a hang fails the run instead of stalling it. */
export const REQUEST_TIME_BOUND_MS = 2_000;

export interface FuzzCase {
  /** The route, e.g. "POST /api/auth/login", for the counts and the report. */
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  url: string;
  headers: Record<string, string | undefined>;
  payload?: string | Buffer | undefined;
  remoteAddress: string;
}

/** Internals an answer must never show: stack frames, file paths, SQL and driver text. */
const LEAKS: ReadonlyArray<readonly [string, RegExp]> = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:|node:|\/)/],
  ['stack frame', /\n\s+at /],
  ['file path', /(?:\/(?:home|work|usr|opt|tmp|app|srv|var)\/)|node_modules|file:\/\/|\.[cm]?[jt]s:\d+/],
  ['error class', /\b(?:TypeError|RangeError|SyntaxError|ReferenceError|DatabaseError|ZodError)\b/],
  ['framework code', /\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}/],
  ['SQL', /\b(?:select|insert into|update|delete from)\b[^.]{0,200}\b(?:from|values|set|where)\b/i],
  [
    'database text',
    /syntax error at or near|invalid input syntax|invalid byte sequence|violates .* constraint|duplicate key|relation "|column "|Failed query|\bpglite\b|\bpostgres(?:ql)?\b|\bdrizzle\b|\bpg_/i,
  ],
];

export function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** The text a request carried, to tell whether an error message repeats it. */
function inputsOf(fuzzCase: FuzzCase): string[] {
  const found: string[] = [];
  const { payload } = fuzzCase;
  if (typeof payload === 'string') {
    found.push(payload);
    try {
      const stack: unknown[] = [JSON.parse(payload)];
      while (stack.length > 0) {
        const value = stack.pop();
        if (typeof value === 'string') found.push(value);
        else if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) stack.push(key, inner);
        }
      }
    } catch {
      // Not JSON: the raw text is the input.
    }
  }
  const query = fuzzCase.url.split('?')[1] ?? '';
  for (const part of query.split('&').flatMap((pair) => pair.split('='))) {
    try {
      found.push(decodeURIComponent(part.replaceAll('+', ' ')));
    } catch {
      found.push(part);
    }
  }
  found.push(fuzzCase.url.split('?')[0] ?? '');
  for (const value of Object.values(fuzzCase.headers)) if (value) found.push(value);
  // Words and field names may appear in messages on their own; only distinctive input counts.
  return found.map((text) => text.trim()).filter((text) => text.length >= 8 && !/^[\w. /-]+$/.test(text));
}

/** Exactly {"error":{"code","message"}}: nothing beside the error, nothing beside its code and message. */
const strictErrorResponse = z.strictObject({ error: errorResponseSchema.shape.error.strict() });

/** What the checks read of an answer, from app.inject or from a real socket. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

function contentTypeOf(response: Answer): string {
  return String(response.headers['content-type'] ?? '');
}

/** The violations of one answer (empty when it is fine). */
export function checkAnswer(fuzzCase: FuzzCase, response: Answer, elapsedMs: number): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  if (elapsedMs > REQUEST_TIME_BOUND_MS) problems.push(`slow answer (${Math.round(elapsedMs)} ms)`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no security headers');
  const type = contentTypeOf(response);

  if (status >= 400) {
    if (!type.startsWith('application/json')) {
      problems.push(`error answer is ${type || 'untyped'}, not JSON`);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push('error answer is not valid JSON');
      }
      if (body !== undefined) {
        if (!strictErrorResponse.safeParse(body).success) {
          problems.push(
            errorResponseSchema.safeParse(body).success
              ? 'error object has extra fields'
              : 'error answer not in the {"error":{"code","message"}} shape',
          );
        }
      }
    }
    // The input may come back raw or JSON-escaped.
    const echoed = inputsOf(fuzzCase).find(
      (input) => response.body.includes(input) || response.body.includes(JSON.stringify(input).slice(1, -1)),
    );
    if (echoed !== undefined) problems.push('error answer echoes the input');
    for (const leak of leaksIn(response.body)) problems.push(`error answer shows a ${leak}`);
  } else if (status < 300 && type.startsWith('application/json') && response.body !== '') {
    try {
      JSON.parse(response.body);
    } catch {
      problems.push('JSON answer does not parse');
    }
  }
  if (type.startsWith('text/event-stream')) problems.push(...checkEventStream(response.body));
  return problems;
}

/** A generation stream's error events carry a code and a plain message, nothing internal. */
function checkEventStream(body: string): string[] {
  const problems: string[] = [];
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    let event: unknown;
    try {
      event = JSON.parse(line.slice(5));
    } catch {
      problems.push('stream event is not JSON');
      continue;
    }
    if (typeof event === 'object' && event !== null && 'type' in event && event.type === 'error') {
      const shaped = errorResponseSchema.shape.error.safeParse(event);
      if (!shaped.success) problems.push('stream error event without code and message');
      for (const leak of leaksIn(line)) problems.push(`stream error event shows a ${leak}`);
    }
  }
  return problems;
}

/** Sends one request; a request that gets no answer within the bound is reported, not waited for. */
export async function send(
  app: App,
  fuzzCase: FuzzCase,
): Promise<{ response: LightMyRequestResponse | undefined; elapsedMs: number; problems: string[] }> {
  const headers = Object.fromEntries(
    Object.entries(fuzzCase.headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const options: InjectOptions = {
    method: fuzzCase.method,
    url: fuzzCase.url,
    headers,
    remoteAddress: fuzzCase.remoteAddress,
    ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
  };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), REQUEST_TIME_BOUND_MS * 2);
  });
  try {
    const response = await Promise.race([app.inject(options), hang]);
    const elapsedMs = performance.now() - started;
    if (!response) return { response, elapsedMs, problems: ['no answer (hang)'] };
    return { response, elapsedMs, problems: checkAnswer(fuzzCase, response, elapsedMs) };
  } catch (error) {
    return {
      response: undefined,
      elapsedMs: performance.now() - started,
      problems: [`inject failed: ${error instanceof Error ? error.message : String(error)}`],
    };
  } finally {
    clearTimeout(timer);
  }
}

const queryRows = z.object({ rows: z.array(z.record(z.string(), z.unknown())).length(1) });

/** Parses a whole HTTP/1.1 answer read from a socket (Content-Length or chunked body). */
function parseAnswer(raw: Buffer): Answer | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return statusCode > 0 ? { statusCode, headers, body: body.toString() } : undefined;
}

/**
 * Sends one request over a raw socket, where Node's HTTP parser applies its own limits (header
 * size, URL length) before the app sees anything. A raw socket, not an HTTP client: a client
 * library's own connection handling after a refused request is not what is under test.
 */
export function sendOverSocket(
  port: number,
  fuzzCase: FuzzCase,
): Promise<{ response: Answer | undefined; elapsedMs: number; problems: string[] }> {
  const started = performance.now();
  const headers: Record<string, string | undefined> = {
    ...fuzzCase.headers,
    host: '127.0.0.1',
    connection: 'close',
  };
  const headerLines = Object.entries(headers)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const head = `${fuzzCase.method} ${fuzzCase.url} HTTP/1.1\r\n${headerLines}\r\n`;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const done = (problems: string[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const elapsedMs = performance.now() - started;
      const response = parseAnswer(Buffer.concat(chunks));
      // A server may close the connection of a request over its header limit as soon as it has
      // answered 431; the client, still writing, may then see a reset instead of the answer.
      const lost = response || head.length > maxHeaderSize ? [] : ['no answer'];
      resolve({
        response,
        elapsedMs,
        problems: [...lost, ...problems, ...(response ? checkAnswer(fuzzCase, response, elapsedMs) : [])],
      });
    };
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => done(['no answer (hang)']), REQUEST_TIME_BOUND_MS * 2);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => done([]));
    socket.on('close', () => done([]));
    socket.on('error', () => done([]));
    socket.write(head);
    if (fuzzCase.payload !== undefined) socket.write(fuzzCase.payload);
  });
}

/** Tables a rejected request may still write: rate-limit counters and the generated signing key. */
// The usage log's lines are written a moment after the request that noted them (WorkLogWriter),
// so they land while later requests run.
const WRITABLE_WHEN_REJECTED = new Set<unknown>([
  schema.rateLimitCounters,
  schema.appSecrets,
  schema.workLog,
]);

/**
 * One round trip that changes whenever a row of any other table is inserted, updated or deleted:
 * each table's row count and the sum of its rows' creating transaction ids.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const names = (Object.values(schema) as unknown[]).flatMap((value) =>
    is(value, PgTable) && !WRITABLE_WHEN_REJECTED.has(value) ? [getTableName(value)] : [],
  );
  const columns = names.map((name) => {
    return `(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from "${name}") as "${name}"`;
  });
  const result = queryRows.parse(await db.execute(sql.raw(`select ${columns.join(', ')}`)));
  return JSON.stringify(result.rows[0]);
}

/**
 * The next transaction id: it moves only when a transaction wrote something (anywhere in the
 * cluster), so an unchanged mark spares the full fingerprint.
 */
export async function writeMark(db: Database): Promise<string> {
  const result = queryRows.parse(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`),
  );
  return String(result.rows[0]?.mark);
}

export interface Violation {
  endpoint: string;
  problem: string;
  status: number | undefined;
  count: number;
  example: {
    method: string;
    url: string;
    headers: Record<string, string | undefined>;
    payload: string;
    body: string;
  };
}

const excerpt = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** Counts requests and keeps one example of each distinct violation (endpoint, status, problem). */
export class FuzzLedger {
  readonly sent = new Map<string, number>();
  /** Milliseconds spent per endpoint, answers and checks included. */
  readonly spentMs = new Map<string, number>();
  /** How often each endpoint answered each status, to see how deep the requests went. */
  readonly statuses = new Map<string, Map<string, number>>();
  readonly violations = new Map<string, Violation>();
  total = 0;

  record(
    fuzzCase: FuzzCase,
    status: number | undefined,
    body: string,
    problems: readonly string[],
    spentMs: number,
  ): void {
    this.total += 1;
    this.spentMs.set(fuzzCase.endpoint, (this.spentMs.get(fuzzCase.endpoint) ?? 0) + spentMs);
    const statuses = this.statuses.get(fuzzCase.endpoint) ?? new Map<string, number>();
    statuses.set(String(status ?? 'none'), (statuses.get(String(status ?? 'none')) ?? 0) + 1);
    this.statuses.set(fuzzCase.endpoint, statuses);
    this.sent.set(fuzzCase.endpoint, (this.sent.get(fuzzCase.endpoint) ?? 0) + 1);
    for (const problem of problems) {
      const key = `${fuzzCase.endpoint} | ${status ?? '-'} | ${problem}`;
      const known = this.violations.get(key);
      if (known) {
        known.count += 1;
        continue;
      }
      const payload = fuzzCase.payload;
      this.violations.set(key, {
        endpoint: fuzzCase.endpoint,
        problem,
        status,
        count: 1,
        example: {
          method: fuzzCase.method,
          url: excerpt(fuzzCase.url),
          headers: Object.fromEntries(
            Object.entries(fuzzCase.headers).map(([name, value]) => [name, value && excerpt(value, 120)]),
          ),
          payload: excerpt(Buffer.isBuffer(payload) ? `<${payload.length} bytes>` : (payload ?? '')),
          body: excerpt(body),
        },
      });
    }
  }

  /** One line per endpoint: requests, answers by status, time spent. */
  summary(): string[] {
    return [...this.sent].map(([endpoint, count]) => {
      const statuses = [...(this.statuses.get(endpoint) ?? [])]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, times]) => `${status}:${times}`)
        .join(' ');
      return `${endpoint}: ${count} (${statuses}) in ${Math.round(this.spentMs.get(endpoint) ?? 0)} ms`;
    });
  }

  /** The violations as readable lines, for the failure message and the log. */
  report(): string {
    return [...this.violations.entries()]
      .map(([key, violation]) => `${key} (x${violation.count})\n    ${JSON.stringify(violation.example)}`)
      .join('\n');
  }
}
