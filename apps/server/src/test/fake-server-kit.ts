/**
 * What the fake model servers (fake-llm-server.ts, fake-anthropic-server.ts, fake-gemini-server.ts)
 * share: a queue of scripted behaviours with a responder behind it, the requests as they arrived, a
 * count of clients that went away mid-answer, and the node:http plumbing. Node built-ins only, so
 * that e2e/ and bench/ can import the fakes by relative path.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Decides what to do with a request when the queue is empty. */
export type Responder<Behaviour, Request> = (request: Request) => Behaviour | Promise<Behaviour>;

export interface ScriptedServer<Behaviour, Request> {
  /** `http://host:port`, without a trailing slash. */
  readonly origin: string;
  /** The requests the fake answered (or meant to), in arrival order. */
  readonly requests: Request[];
  /** Queues behaviours for the next requests, used first, in order. */
  enqueue(...behaviours: Behaviour[]): void;
  /** Replaces the responder that decides when the queue is empty. */
  respondWith(responder: Responder<Behaviour, Request>): void;
  /** How many clients went away before their answer ended (a cancel that reached the model). */
  abortedCount(): number;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  /** Empties the queue and the recorded requests, zeroes the abort count and restores the default responder. */
  reset(): void;
  close(): Promise<void>;
}

/** What a fake's handler may do besides reading the request and writing the response. */
export interface Exchange<Behaviour, Request> {
  /** Records `request` and picks its behaviour: the queue first, then the responder. */
  next(request: Request): Promise<Behaviour>;
  /**
   * Counts the client if it goes away before `res` ended. `cutOnPurpose` tells a connection the fake
   * destroys itself (a scripted drop) apart from a client that cancelled.
   */
  watchForAbort(res: ServerResponse, cutOnPurpose?: () => boolean): void;
  /** True once the server is closing: a stream still being written should stop. */
  readonly closing: () => boolean;
}

export interface ScriptedServerOptions<Behaviour, Request> {
  /** Names the fake in its own error messages. */
  name: string;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** Used when the queue is empty, and again after `reset()`. */
  responder: Responder<Behaviour, Request>;
  handle(req: IncomingMessage, res: ServerResponse, exchange: Exchange<Behaviour, Request>): Promise<void>;
  /** Answers in the API's own error format when `handle` throws before the answer started. */
  fail(res: ServerResponse, message: string): void;
}

export async function startScriptedServer<Behaviour, Request>(
  options: ScriptedServerOptions<Behaviour, Request>,
): Promise<ScriptedServer<Behaviour, Request>> {
  const queue: Behaviour[] = [];
  const requests: Request[] = [];
  const waiters = new Set<() => void>();
  let responder = options.responder;
  let aborted = 0;
  let closed = false;

  const exchange: Exchange<Behaviour, Request> = {
    async next(request) {
      requests.push(request);
      for (const wake of waiters) wake();
      return queue.shift() ?? (await responder(request));
    },
    watchForAbort(res, cutOnPurpose = () => false) {
      res.once('close', () => {
        if (!res.writableFinished && !cutOnPurpose() && !closed) aborted += 1;
      });
    },
    closing: () => closed,
  };

  const server = createServer((req, res) => {
    options.handle(req, res, exchange).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        options.fail(res, `${options.name} failed: ${String(error)}`);
      } else {
        res.destroy();
      }
    });
  });

  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    origin: `http://${host}:${address.port}`,
    requests,
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    respondWith(next) {
      responder = next;
    },
    abortedCount: () => aborted,
    async waitForRequests(count, timeoutMs = 5_000) {
      if (requests.length >= count) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${options.name}: ${requests.length} of ${count} requests after ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
      });
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      aborted = 0;
      responder = options.responder;
    },
    async close() {
      if (closed) return;
      closed = true;
      const done = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await done;
    },
  };
}

/** A request's whole body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A request's body parsed as a JSON object; undefined when it is anything else. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readBody(req));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The path of a request's URL, without trailing slashes. */
export function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://fake').pathname.replace(/\/+$/, '');
}

/** A message's (or a Gemini content's) text: a string, or an array of parts such as `{ type: 'text', text }`. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      const text = (part as { text?: unknown } | null)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}

/** The object at `path` inside `value`, if there is one. */
export function objectAt(value: unknown, ...path: string[]): Record<string, unknown> | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'object' && current !== null && !Array.isArray(current)
    ? (current as Record<string, unknown>)
    : undefined;
}

/** A scripted answer body as the text the model writes: an object becomes its JSON. */
export function textOf(body: object | string): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** `text` cut into pieces of `size` characters, never splitting a surrogate pair. */
export function piecesOf(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += Math.max(1, size)) {
    pieces.push(characters.slice(start, start + Math.max(1, size)).join(''));
  }
  return pieces;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A scripted error answer: a string goes out as plain text (a proxy's page), anything else as JSON. */
export function sendError(res: ServerResponse, status: number, body: unknown): void {
  if (typeof body === 'string') {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return;
  }
  sendJson(res, status, body);
}

/** Sends the headers of a server-sent event stream at once, so the client sees the answer start. */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
}

/** Writes and waits until the socket takes more, so a slow client slows the stream down. */
export async function write(res: ServerResponse, text: string): Promise<void> {
  if (res.destroyed) return;
  if (!res.write(text)) {
    await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What the fakes of the hosted APIs (Anthropic, Gemini) do with one request. */
export type FakeStreamBehaviour =
  /** Streams `body` (an object is sent as its JSON text) as the model's answer, `chunkSize` characters per event. */
  | { kind: 'json'; body: object | string; chunkSize?: number; delayMs?: number }
  /** Answers with this HTTP status; `body` defaults to the API's own error object for it. */
  | { kind: 'status'; status: number; body?: unknown }
  /** Opens the stream, sends `afterChars` characters of `body` (none by default), then the API's in-stream error event. */
  | { kind: 'stream-error'; afterChars?: number; body?: object | string }
  /** Reads the request and never answers, until the client goes away. */
  | { kind: 'hang' };

/** What every fake of a hosted API records of a request. */
export interface FakeModelRequest {
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  model: string | undefined;
  stream: boolean;
  /** The text of the system instruction. */
  system: string;
  /** The text of the user messages, joined by blank lines. */
  user: string;
  /** The API key as the API expects it (Anthropic's `x-api-key`, Gemini's `x-goog-api-key`). */
  apiKey: string | undefined;
}

export const SAMPLE_BODY = {
  oneLiner: 'A fake answer from the fake model server.',
  closing: 'It exists so that tests have something to read.',
};

/**
 * Hands `emit` the pieces of `text`, `delayMs` apart. False when the client went away or the server
 * began closing first, so the caller does not finish an answer nobody reads.
 */
export async function emitPieces(
  res: ServerResponse,
  text: string,
  pacing: { chunkSize: number; delayMs: number },
  closing: () => boolean,
  emit: (piece: string, last: boolean) => Promise<void>,
): Promise<boolean> {
  const pieces = piecesOf(text, pacing.chunkSize);
  for (const [index, piece] of pieces.entries()) {
    if (pacing.delayMs > 0) await sleep(pacing.delayMs);
    if (res.destroyed || closing()) return false;
    await emit(piece, index === pieces.length - 1);
  }
  return !res.destroyed && !closing();
}

/** One streamed answer of a hosted API, in its own events. */
export interface ModelAnswerStream {
  /** What opens the answer before its first piece (nothing, for some APIs). */
  start(): Promise<void>;
  delta(piece: string, last: boolean): Promise<void>;
  /** What closes the answer after its last piece (`text` is the whole of it). */
  finish(text: string): Promise<void>;
  /** The API's in-stream error when the model runs out of capacity after the 200 went out. */
  overloaded(): Promise<void>;
}

/** What sets one hosted API (Anthropic's, Gemini's) apart in `startStreamingModelServer`. */
export interface StreamingModelApi<Request extends FakeModelRequest, Route> {
  /** The fake's name, in its messages. */
  name: string;
  /** Where the API lives below the base path (`/v1`, `/v1beta`). */
  apiPath: string;
  /** What a POST to `path` (below the base path) is for; undefined for an unknown route. */
  route(path: string): Route | undefined;
  recordOf(req: IncomingMessage, body: Record<string, unknown>, route: Route): Request;
  /** The API's error object for an HTTP status. */
  errorBody(status: number, message: string): object;
  /** The 400's message for a body that is not a JSON object. */
  notJson: string;
  /** The 400's message for a request that does not stream. */
  notStreaming: string;
  /** The stream of the `sequence`th answer, to `request`. */
  answer(res: ServerResponse, request: Request, sequence: number): ModelAnswerStream;
}

export interface StreamingModelServerOptions<Request> {
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** A path in front of the API's, as a gateway has (`/anthropic`); defaults to none. */
  basePath?: string;
  /** Used when the queue is empty; defaults to a 500 saying that nothing was scripted. */
  responder?: Responder<FakeStreamBehaviour, Request>;
  /** Characters per delta when a behaviour does not say; defaults to 16. */
  chunkSize?: number;
}

export interface StreamingModelServer<Request> extends Omit<
  ScriptedServer<FakeStreamBehaviour, Request>,
  'origin'
> {
  /** Where the API lives, ending with its `apiPath` (pass it as the provider's base URL). */
  readonly baseUrl: string;
}

/**
 * A fake of a hosted model API that only streams (FakeStreamBehaviour): an unknown route is a
 * 404, a body that is not a JSON object or a request that does not stream a 400, in the API's
 * own error objects; the answer goes out as `api.answer` writes it.
 */
export async function startStreamingModelServer<Request extends FakeModelRequest, Route>(
  api: StreamingModelApi<Request, Route>,
  options: StreamingModelServerOptions<Request>,
): Promise<StreamingModelServer<Request>> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const defaultChunkSize = Math.max(1, options.chunkSize ?? 16);
  let sequence = 0;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange<FakeStreamBehaviour, Request>,
  ): Promise<void> {
    const path = pathOf(req);
    const route =
      req.method === 'POST' && path.startsWith(basePath) ? api.route(path.slice(basePath.length)) : undefined;
    if (route === undefined) {
      sendJson(res, 404, api.errorBody(404, `Unknown route ${req.method ?? ''} ${path}`));
      return;
    }
    exchange.watchForAbort(res);

    const body = await readJsonObject(req);
    if (!body) {
      sendJson(res, 400, api.errorBody(400, api.notJson));
      return;
    }
    const request = api.recordOf(req, body, route);
    const behaviour = await exchange.next(request);
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'status') {
      sendError(
        res,
        behaviour.status,
        behaviour.body ?? api.errorBody(behaviour.status, `${api.name}: scripted HTTP ${behaviour.status}`),
      );
      return;
    }
    if (!request.stream) {
      sendJson(res, 400, api.errorBody(400, api.notStreaming));
      return;
    }

    const stream = api.answer(res, request, ++sequence);
    openEventStream(res);
    if (behaviour.kind === 'stream-error') {
      if (behaviour.afterChars !== undefined) {
        const text = Array.from(textOf(behaviour.body ?? SAMPLE_BODY))
          .slice(0, Math.max(0, behaviour.afterChars))
          .join('');
        await stream.start();
        await emitPieces(res, text, { chunkSize: defaultChunkSize, delayMs: 0 }, exchange.closing, (piece) =>
          stream.delta(piece, false),
        );
      }
      await stream.overloaded();
      res.end();
      return;
    }

    const text = textOf(behaviour.body);
    await stream.start();
    const streamed = await emitPieces(
      res,
      text,
      { chunkSize: behaviour.chunkSize ?? defaultChunkSize, delayMs: behaviour.delayMs ?? 0 },
      exchange.closing,
      (piece, last) => stream.delta(piece, last),
    );
    if (!streamed) return;
    await stream.finish(text);
    res.end();
  }

  const nothingScripted: Responder<FakeStreamBehaviour, Request> = () => ({
    kind: 'status',
    status: 500,
    body: api.errorBody(
      500,
      `${api.name}: nothing was scripted for this request (enqueue a behaviour or call respondWith)`,
    ),
  });
  const { origin, ...server } = await startScriptedServer<FakeStreamBehaviour, Request>({
    name: api.name,
    host: options.host,
    port: options.port,
    responder: options.responder ?? nothingScripted,
    handle,
    fail: (res, message) => sendJson(res, 500, api.errorBody(500, message)),
  });
  return { ...server, baseUrl: `${origin}${basePath}${api.apiPath}` };
}

/** Starts `server` on a free port of 127.0.0.1 (for a test's own handler); its origin. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes `server`, cutting the connections it still holds. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
